import { type ReceivedSpan, SimulatedPlatform, tracingEnvironmentFor } from "@de-gateway/backend-simulators";
import { buildService, loadConfig, type Service } from "@de-gateway/service-kit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FixtureConfig, fixture } from "./gateway-fixture.js";

/**
 * Spans of the fixture gateway exported to the simulators' OTLP receiver: the request's server span, a CLIENT span per
 * backend call below it (or below a step of the service's own), the backends' traceparent naming those client spans.
 */
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";
const TIMEOUT_MS = 300;

let platform: SimulatedPlatform;
let app: Service;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  platform = await SimulatedPlatform.start();
  const env = {
    ...(await platform.env()),
    ...tracingEnvironmentFor({ traces: platform.traces.url }),
    OTEL_BSP_SCHEDULE_DELAY: "20",
    LOG_LEVEL: "info",
    BACKEND_TIMEOUT_MS: String(TIMEOUT_MS),
  };
  app = await buildService("fixture", fixture, loadConfig(FixtureConfig, env), {
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await platform?.stop();
});
beforeEach(() => {
  platform.reset();
  lines.length = 0;
});

const notification = { type: "data", user: "alice", subject: "upload done" };
/** A trace id of its own for each test, so that the spans of one never answer another's wait. */
const traceIdFor = (test: number) => `${TRACE_ID.slice(0, -2)}${String(test).padStart(2, "0")}`;

async function send(method: "GET" | "POST", url: string, traceId: string, flags = "01") {
  return app.inject({
    method,
    url,
    headers: {
      ...(await platform.authHeader("alice")),
      traceparent: `00-${traceId}-${CALLER_SPAN}-${flags}`,
      tracestate: "rojo=00f067aa0ba902b7",
    },
    ...(method === "POST" ? { payload: notification } : {}),
  });
}

const spansOf = (traceId: string, count: number) =>
  platform.traces.waitForSpans((span) => span.traceId === traceId, { count });
const one = (spans: ReceivedSpan[], kind: ReceivedSpan["kind"], name?: string) => {
  const found = spans.filter((span) => span.kind === kind && (name === undefined || span.name === name));
  expect(found, `${kind} ${name ?? ""}`).toHaveLength(1);
  return found[0] as ReceivedSpan;
};
const completedLine = (requestId: unknown) =>
  lines.find((line) => line.reqId === requestId && line.msg === "request completed");

describe("a request's spans", () => {
  it("puts a forward's CLIENT span below the server span, the caller's span its parent, one set of ids", async () => {
    const traceId = traceIdFor(1);
    const response = await send("POST", "/send", traceId);
    expect(response.statusCode).toBe(200);
    const spans = await spansOf(traceId, 2);
    const server = one(spans, "server");
    const client = one(spans, "client");
    expect(server).toMatchObject({
      name: "POST /send",
      parentSpanId: CALLER_SPAN,
      service: "fixture",
      status: { code: "unset" },
      attributes: {
        "http.request.method": "POST",
        "http.route": "/send",
        "url.path": "/send",
        "http.response.status_code": 200,
        "gateway.request_id": response.headers["x-request-id"],
      },
    });
    expect(server.attributes["enduser.id"]).toBeUndefined();
    const notifications = new URL(platform.notifications.url);
    expect(client).toMatchObject({
      name: "POST notification",
      parentSpanId: server.spanId,
      status: { code: "unset" },
      attributes: {
        "gateway.backend": "notification",
        "http.request.method": "POST",
        "url.template": "/notification",
        "server.address": notifications.hostname,
        "server.port": Number(notifications.port),
        "http.response.status_code": 200,
        "http.request.body.size": JSON.stringify(notification).length,
      },
    });
    // The notification service answers with no body.
    expect(client.attributes["http.response.body.size"]).toBeUndefined();
    // The ids of the log line are the server span's; the backend's parent is the client span.
    expect(completedLine(response.headers["x-request-id"])).toMatchObject({
      trace_id: traceId,
      span_id: server.spanId,
      parent_span_id: CALLER_SPAN,
    });
    const [received] = platform.notifications.recorder.to("POST", "/notification");
    expect(received?.headers.traceparent).toBe(`00-${traceId}-${client.spanId}-01`);
    expect(received?.headers.tracestate).toBe("rojo=00f067aa0ba902b7");
  });

  it("gives a custom handler's call() a CLIENT span too, and names a path's values {} in its template", async () => {
    const traceId = traceIdFor(2);
    expect((await send("POST", "/notify-json", traceId)).statusCode).toBe(200);
    const named = traceIdFor(3);
    const response = await send("GET", `/session-forward?name=${encodeURIComponent("alice@example.org")}`, named);
    expect(response.statusCode).toBeLessThan(500);
    const [call] = await spansOf(traceId, 2).then((spans) => [one(spans, "client")]);
    expect(call).toMatchObject({ name: "POST notification", attributes: { "url.template": "/notification" } });
    const forwarded = one(await spansOf(named, 2), "client");
    expect(forwarded).toMatchObject({
      name: "GET preferences",
      attributes: { "url.template": "/sessions/{}", "gateway.backend": "preferences" },
    });
    expect(JSON.stringify(forwarded)).not.toContain("alice%40example.org");
  });

  it("puts the calls made inside withSpan below the step's span", async () => {
    const traceId = traceIdFor(4);
    expect((await send("GET", "/lookups", traceId)).statusCode).toBe(200);
    const spans = await spansOf(traceId, 4);
    const server = one(spans, "server");
    const step = one(spans, "internal", "lookups");
    expect(step).toMatchObject({ parentSpanId: server.spanId, attributes: { "fixture.calls": 2 } });
    const calls = spans.filter((span) => span.kind === "client");
    expect(calls.map((span) => span.name).sort()).toEqual(["GET apps", "GET file-info"]);
    for (const call of calls) expect(call.parentSpanId).toBe(step.spanId);
    const basePaths = calls.find((span) => span.name === "GET file-info");
    expect(basePaths?.attributes["http.response.body.size"]).toBeGreaterThan(0);
    const [workspaces] = platform.apps.recorder.to("GET", "/workspaces");
    const appsCall = calls.find((span) => span.name === "GET apps");
    expect(workspaces?.headers.traceparent).toBe(`00-${traceId}-${appsCall?.spanId}-01`);
  });
});

describe("failing backends in spans", () => {
  it("marks a backend timeout ERROR with error.type timeout, and the step and the 504 with it", async () => {
    platform.apps.faults.set({ mode: "hang", path: "^/workspaces$" });
    const traceId = traceIdFor(5);
    expect((await send("GET", "/lookups", traceId)).statusCode).toBe(504);
    const spans = await spansOf(traceId, 4);
    expect(one(spans, "client", "GET apps")).toMatchObject({
      status: { code: "error" },
      attributes: { "error.type": "timeout" },
    });
    expect(one(spans, "client", "GET file-info")).toMatchObject({ status: { code: "unset" } });
    expect(one(spans, "internal", "lookups")).toMatchObject({
      status: { code: "error" },
      attributes: { "error.type": "504" },
    });
    expect(one(spans, "server")).toMatchObject({
      name: "GET /lookups",
      status: { code: "error" },
      attributes: { "http.response.status_code": 504, "error.type": "504" },
    });
  });

  it("names a refused connection by its code, and a backend's 5xx by its status", async () => {
    await platform.notifications.stop();
    const refused = traceIdFor(6);
    try {
      expect((await send("POST", "/send", refused)).statusCode).toBe(502);
    } finally {
      await platform.notifications.start();
    }
    expect(one(await spansOf(refused, 2), "client")).toMatchObject({
      status: { code: "error" },
      attributes: { "error.type": "ECONNREFUSED" },
    });
    platform.notifications.faults.set({ mode: "json-500" });
    const failing = traceIdFor(7);
    expect((await send("POST", "/notify-json", failing)).statusCode).toBe(502);
    expect(one(await spansOf(failing, 2), "client")).toMatchObject({
      status: { code: "error" },
      attributes: { "error.type": "500", "http.response.status_code": 500 },
    });
  });
});

describe("sampling", () => {
  it("follows a caller that did not sample: no spans, and the backend told so with a span id of the gateway's", async () => {
    const unsampled = traceIdFor(8);
    expect((await send("POST", "/send", unsampled, "00")).statusCode).toBe(200);
    const [received] = platform.notifications.recorder.to("POST", "/notification");
    expect(received?.headers.traceparent).toMatch(new RegExp(`^00-${unsampled}-(?!${CALLER_SPAN})[0-9a-f]{16}-00$`));
    // Spans are exported in the order they end: once a later request's are in, the unsampled one's would be too.
    const later = traceIdFor(9);
    await send("POST", "/send", later);
    await spansOf(later, 2);
    expect(platform.traces.spans().filter((span) => span.traceId === unsampled)).toEqual([]);
  });

  it("starts a sampled trace for a caller without one, the log and the backend sharing its ids", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/send",
      headers: await platform.authHeader("alice"),
      payload: notification,
    });
    const line = completedLine(response.headers["x-request-id"]);
    const traceId = String(line?.trace_id);
    const server = one(await spansOf(traceId, 2), "server");
    expect(server.parentSpanId).toBeUndefined();
    expect(line?.span_id).toBe(server.spanId);
    expect(platform.notifications.recorder.to("POST", "/notification")[0]?.headers.traceparent).toMatch(
      new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`),
    );
  });
});
