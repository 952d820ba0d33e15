import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, ServerConfig, tracingSettingsFrom } from "../src/index.js";

/** The settings as a service reads them: its config schema holds ServerConfig, the OTEL_* variables among them. */
const settingsOf = (env: Record<string, string>) =>
  tracingSettingsFrom(loadConfig(Type.Object(ServerConfig), env), "groups");

const COLLECTOR = "http://collector.example:4318";

describe("tracing settings", () => {
  it("are off without an endpoint, whatever else is set", () => {
    expect(settingsOf({})).toBeUndefined();
    expect(settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "", OTEL_TRACES_SAMPLER: "always_on" })).toBeUndefined();
  });

  it("post to the endpoint's v1/traces, or to the traces endpoint as it is, in protobuf unless told json", () => {
    expect(settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: `${COLLECTOR}/` })).toMatchObject({
      url: `${COLLECTOR}/v1/traces`,
      protocol: "http/protobuf",
    });
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR,
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://traces.example/ingest",
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      }),
    ).toMatchObject({ url: "https://traces.example/ingest", protocol: "http/json" });
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf",
      })?.protocol,
    ).toBe("http/protobuf");
  });

  it("refuse grpc plainly, and any protocol but OTLP over HTTP", () => {
    const grpc = () => settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR, OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" });
    expect(grpc).toThrow(ConfigError);
    expect(grpc).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: grpc is not supported.*http\/protobuf or http\/json/);
    expect(() =>
      settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR, OTEL_EXPORTER_OTLP_PROTOCOL: "http/xml" }),
    ).toThrow(/must be http\/protobuf or http\/json \(got "http\/xml"\)/);
  });

  it("refuse an endpoint that is no HTTP URL when the configuration is read", () => {
    expect(() => settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4317" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it("follow the caller's sampling decision by default, and take a ratio for the traceidratio samplers", () => {
    expect(settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR })).toMatchObject({
      sampler: "parentbased_always_on",
      ratio: 1,
    });
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR,
        OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
        OTEL_TRACES_SAMPLER_ARG: "0.25",
      }),
    ).toMatchObject({ sampler: "parentbased_traceidratio", ratio: 0.25 });
  });

  it.each([["1.5"], ["-0.1"], ["a quarter"], [""]])("refuse the ratio %j", (ratio) => {
    expect(() =>
      tracingSettingsFrom(
        {
          OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR,
          OTEL_TRACES_SAMPLER: "traceidratio",
          OTEL_TRACES_SAMPLER_ARG: ratio,
        },
        "groups",
      ),
    ).toThrow(/OTEL_TRACES_SAMPLER_ARG: must be a ratio from 0 to 1/);
  });

  it("refuse a sampler the SDK does not have here", () => {
    expect(() => settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR, OTEL_TRACES_SAMPLER: "jaeger_remote" })).toThrow(
      /OTEL_TRACES_SAMPLER: must be one of always_on, .*parentbased_traceidratio \(got "jaeger_remote"\)/,
    );
  });

  it("name the service by its own name unless told otherwise, beside the resource attributes given", () => {
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR,
        OTEL_RESOURCE_ATTRIBUTES: "deployment.environment.name=qa,team=data%20platform",
      })?.resourceAttributes,
    ).toEqual({ "deployment.environment.name": "qa", team: "data platform", "service.name": "groups" });
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR,
        OTEL_RESOURCE_ATTRIBUTES: "service.name=from-attributes",
      })?.resourceAttributes["service.name"],
    ).toBe("from-attributes");
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR,
        OTEL_RESOURCE_ATTRIBUTES: "service.name=from-attributes",
        OTEL_SERVICE_NAME: "groups-eu",
      })?.resourceAttributes["service.name"],
    ).toBe("groups-eu");
  });

  it.each([["team"], ["=qa"], ["team=%zz"]])("refuse the resource attributes %j", (attributes) => {
    expect(() => settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR, OTEL_RESOURCE_ATTRIBUTES: attributes })).toThrow(
      /OTEL_RESOURCE_ATTRIBUTES: .* is not key=value/,
    );
  });

  it("bound the export queue at the SDK's 2048 spans unless told otherwise", () => {
    expect(settingsOf({ OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR })).toMatchObject({
      maxQueueSize: 2048,
      scheduledDelayMillis: 5000,
      exportTimeoutMillis: 10_000,
    });
    expect(
      settingsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: COLLECTOR,
        OTEL_BSP_MAX_QUEUE_SIZE: "100",
        OTEL_BSP_SCHEDULE_DELAY: "200",
        OTEL_EXPORTER_OTLP_TIMEOUT: "1000",
      }),
    ).toMatchObject({ maxQueueSize: 100, scheduledDelayMillis: 200, exportTimeoutMillis: 1000 });
  });
});
