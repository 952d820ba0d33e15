import { type ServiceUnderTest, startServiceUnderTest } from "@de-gateway/backend-simulators";
import { buildService } from "@de-gateway/service-kit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FixtureConfig, fixture } from "./gateway-fixture.js";

/** What a failing backend may answer: internals no client should see. */
const LEAKY = {
  error_code: "ERR_UNCHECKED_EXCEPTION",
  reason: "org.postgresql.util.PSQLException: Connection to db-primary.internal.example:5432 refused",
  stack: "at clojure.java.jdbc$get_connection.invokeStatic(jdbc.clj:372)",
};

const lines: string[] = [];
let service: ServiceUnderTest;
beforeAll(async () => {
  service = await startServiceUnderTest(
    FixtureConfig,
    (config) => buildService("fixture", fixture, config, { logStream: { write: (line) => lines.push(line) } }),
    { LOG_LEVEL: "info" },
  );
});
afterAll(() => service.close());
beforeEach(() => {
  service.platform.reset();
  lines.length = 0;
});

const notification = { type: "data", user: "alice", subject: "upload done" };

describe("a backend's 5xx", () => {
  it.each([
    ["a passthrough (forward)", "/send", 500],
    ["a custom handler (call)", "/notify-json", 500],
    ["a passthrough, 503", "/send", 503],
  ] as const)(
    "reaches the client from %s as the gateway's error, its body only in the log",
    async (_what, url, status) => {
      service.platform.notifications.faults.set({ mode: "json-status", status, body: LEAKY });
      const response = await service.send("alice", "POST", url, notification);
      expect(response.statusCode).toBe(502);
      const requestId = response.headers["x-request-id"];
      expect(response.json()).toEqual({
        error_code: "ERR_BAD_GATEWAY",
        reason: `the notification backend answered with status ${status}`,
        backend_status: status,
        request_id: requestId,
      });
      expect(response.body).not.toMatch(/db-primary|PSQLException|clojure/);
      const logged = lines.filter((line) => line.includes(String(requestId))).join("\n");
      expect(logged).toContain("db-primary.internal.example");
    },
  );

  it("leaves a 4xx answer of a backend that answers in the error model as the backend gave it", async () => {
    const refusal = { error_code: "ERR_NOT_READABLE", reason: "alice may not read it" };
    service.platform.preferences.faults.set({ mode: "json-status", status: 403, body: refusal });
    const forwarded = await service.send("alice", "GET", "/session-of/alice");
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json()).toEqual(refusal);
  });
});
