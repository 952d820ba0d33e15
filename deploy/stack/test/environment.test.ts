import { DEFAULT_PORTS } from "@de-gateway/backend-simulators";
import { describe, expect, it } from "vitest";
import { tracesBanner, tracingEnvironment } from "../src/environment.js";

const RECEIVER = `http://127.0.0.1:${DEFAULT_PORTS.traces}`;

describe("tracing in the local stack", () => {
  it("exports every process's spans, under its name, to the simulators' receiver in the default, OTLP/HTTP protobuf", () => {
    expect(tracingEnvironment("groups", {})).toEqual({
      OTEL_EXPORTER_OTLP_ENDPOINT: RECEIVER,
      OTEL_TRACES_SAMPLER: "parentbased_always_on",
      OTEL_SERVICE_NAME: "groups",
    });
    expect(tracesBanner({})).toBe(
      `Traces:     http://localhost:${DEFAULT_PORTS.traces}/traces (every request's spans; ` +
        "OTEL_EXPORTER_OTLP_ENDPOINT=... to use your own collector)",
    );
  });

  it("leaves a collector the developer names, and its settings, alone: only the name is the stack's", () => {
    for (const own of [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://jaeger:4318" },
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://jaeger:4318/v1/traces" },
    ]) {
      expect(tracingEnvironment("data", own)).toEqual({ OTEL_SERVICE_NAME: "data" });
      expect(tracesBanner(own)).toContain(`sent to your collector at ${Object.values(own)[0]}`);
    }
  });
});
