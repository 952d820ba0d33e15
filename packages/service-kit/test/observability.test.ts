import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createService, type Service } from "../src/index.js";

const lines: Array<Record<string, unknown>> = [];
let app: Service;
beforeAll(async () => {
  app = await createService({
    name: "observability-fixture",
    logLevel: "info",
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  app.get("/items/:id", async (request) => {
    request.log.info("handling an item");
    return { id: (request.params as { id: string }).id };
  });
  await app.ready();
});
afterAll(() => app.close());

const TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
const metricsText = async () => (await app.inject({ method: "GET", url: "/metrics" })).body;
/** The value of one sample line of the exposition text, 0 when absent. */
const sample = (text: string, line: string) =>
  Number(
    text
      .split("\n")
      .find((l) => l.startsWith(`${line} `))
      ?.split(" ")[1] ?? 0,
  );

describe("trace context in the log", () => {
  it("puts the caller's trace id and the service's span on every line of the request", async () => {
    lines.length = 0;
    const response = await app.inject({
      method: "GET",
      url: "/items/7",
      headers: { traceparent: `00-${TRACE_ID}-b7ad6b7169203331-01` },
    });
    const own = lines.filter((line) => line.reqId === response.headers["x-request-id"]);
    expect(own.map((line) => line.msg)).toEqual(["handling an item", "request completed"]);
    for (const line of own) {
      expect(line).toMatchObject({ trace_id: TRACE_ID, parent_span_id: "b7ad6b7169203331" });
      expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("writes the completed line with the fields pino gives the request's own lines, and no credentials", async () => {
    lines.length = 0;
    const response = await app.inject({ method: "GET", url: "/items/8?code=secret&keep=1" });
    const own = lines.filter((line) => line.reqId === response.headers["x-request-id"]);
    const [handling, completed] = own;
    const common = ["level", "pid", "hostname", "name", "reqId", "trace_id", "span_id"];
    for (const field of common) expect(completed?.[field], field).toEqual(handling?.[field]);
    expect(completed?.time).toEqual(expect.any(Number));
    expect(completed).toMatchObject({
      name: "observability-fixture",
      req: { method: "GET", url: "/items/8?code=[REDACTED]&keep=1" },
      res: { statusCode: 200 },
      msg: "request completed",
    });
    expect(completed?.responseTime).toEqual(expect.any(Number));
  });

  it("makes a trace for a request without one and logs it, even for an unknown path", async () => {
    lines.length = 0;
    await app.inject({ method: "GET", url: "/nowhere" });
    const traceIds = new Set(lines.map((line) => line.trace_id));
    expect(traceIds.size).toBe(1);
    expect([...traceIds][0]).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("Prometheus metrics", () => {
  it("counts and times requests by route template, method and status", async () => {
    const counter = 'gateway_http_requests_total{method="GET",route="/items/:id",status="200"}';
    const histogram = 'gateway_http_request_duration_seconds_count{method="GET",route="/items/:id",status="200"}';
    const before = await metricsText();
    await app.inject({ method: "GET", url: "/items/1" });
    await app.inject({ method: "GET", url: "/items/2" });
    const after = await metricsText();
    expect(sample(after, counter) - sample(before, counter)).toBe(2);
    expect(sample(after, histogram) - sample(before, histogram)).toBe(2);
    expect(after).toContain('gateway_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/items/:id"');
  });

  it("counts unknown paths under one label and leaves its own scrapes out", async () => {
    await app.inject({ method: "GET", url: "/random/a1" });
    await app.inject({ method: "GET", url: "/random/b2" });
    const text = await metricsText();
    expect(
      sample(text, 'gateway_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain("/random/");
    expect(text).not.toContain('route="/metrics"');
  });

  it("answers in the exposition format with process metrics and the backend histogram declared", async () => {
    const response = await app.inject({ method: "GET", url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain("# TYPE process_cpu_user_seconds_total counter");
    expect(response.body).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
    expect(response.body).toContain("# TYPE gateway_backend_request_duration_seconds histogram");
  });

  it("keeps /metrics and /openapi.json out of the service's own document", async () => {
    const document = (await app.inject({ method: "GET", url: "/openapi.json" })).json();
    expect(Object.keys(document.paths)).toEqual(["/items/{id}"]);
  });

  it("can leave both routes out, for the edge and the docs service", async () => {
    const bare = await createService({ name: "bare", logLevel: "silent", metrics: false, ownOpenApiRoute: false });
    await bare.ready();
    expect((await bare.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    expect((await bare.inject({ method: "GET", url: "/openapi.json" })).statusCode).toBe(404);
    await bare.close();
  });
});
