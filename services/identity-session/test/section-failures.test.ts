import { BackendResponseError } from "@de-gateway/backend-clients";
import { GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { sectionFailure, sessionFailure } from "../src/section-failures.js";

/** A request whose logger keeps what it is given, by level. */
function loggingRequest() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, fields, message });
  const request = { log: { warn: at("warn"), error: at("error") } } as unknown as FastifyRequest;
  return { request, lines };
}

describe("a bootstrap section that fails", () => {
  it("keeps a backend's status and body, and logs it as a warning", () => {
    const { request, lines } = loggingRequest();
    const failure = new BackendResponseError("apps", 503, { reason: "down" });
    expect(sectionFailure(request, "workspace")(failure)).toEqual({ status: 503, error: { reason: "down" } });
    expect(lines).toEqual([
      { level: "warn", fields: { err: failure, section: "workspace" }, message: "bootstrap section failed" },
    ]);
  });

  it("gives the gateway's own failure as its status and error body", () => {
    const { request } = loggingRequest();
    const timeout = new GatewayError(504, "the file-info backend did not answer in time");
    expect(sectionFailure(request, "data_info")(timeout)).toEqual({
      status: 504,
      error: { error_code: "ERR_GATEWAY_TIMEOUT", reason: "the file-info backend did not answer in time" },
    });
  });

  it("answers a defect of this service as 500 without its message, and logs it as an error", () => {
    const { request, lines } = loggingRequest();
    const defect = new TypeError("Cannot read properties of undefined (reading 'home')");
    const answer = sectionFailure(request, "data_info")(defect);
    expect(answer).toEqual({
      status: 500,
      error: {
        error_code: "ERR_UNCHECKED_EXCEPTION",
        reason: "an unexpected error occurred while assembling this section",
      },
    });
    expect(JSON.stringify(answer)).not.toContain("home");
    expect(lines).toEqual([
      {
        level: "error",
        fields: { err: defect, section: "data_info" },
        message: "bootstrap section failed unexpectedly",
      },
    ]);
  });

  it("gives the session section a message only, naming the backend and its status", () => {
    const { request } = loggingRequest();
    const silent = new BackendResponseError("preferences", 500, "");
    expect(sessionFailure(request)(silent)).toEqual({ error: "the preferences backend answered with status 500" });
    const explained = new BackendResponseError("preferences", 500, { reason: "database locked" });
    // A failing backend's own words stay in the log (docs/security.md).
    expect(sessionFailure(request)(explained)).toEqual({ error: "the preferences backend answered with status 500" });
    expect(sessionFailure(request)(new RangeError("bad"))).toEqual({
      error: "an unexpected error occurred while assembling this section",
    });
  });
});
