import { type ReceivedSpan, SimulatedPlatform, tracingEnvironmentFor } from "@de-gateway/backend-simulators";
import { request } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type GatewayProcess, startEdge, startService, stopProcesses } from "../src/processes.js";
import { until } from "../src/timing.js";

/**
 * Issue 49's acceptance: requests through the edge to the data service, run as a process with tracing on and
 * exporting to the simulators' trace receiver. Its folder listing calls two backends, file-info for the folder and
 * metadata for the favorite flags (with a short limit of its own, past which the listing shows no favorites).
 */
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";
const FAVORITES_TIMEOUT_MS = 500;
const LISTING = "/secured/filesystem/directory?path=/iplant/home/alice";

let platform: SimulatedPlatform;
let data: GatewayProcess;
let edge: GatewayProcess;
beforeAll(async () => {
  platform = await SimulatedPlatform.start();
  data = await startService("data", platform, {
    env: {
      ...tracingEnvironmentFor({ traces: platform.traces.url }),
      OTEL_BSP_SCHEDULE_DELAY: "50",
      OTEL_EXPORTER_OTLP_TIMEOUT: "1000",
      FAVORITES_TIMEOUT_MS: String(FAVORITES_TIMEOUT_MS),
    },
  });
  edge = await startEdge({ data: data.url });
});
afterAll(async () => {
  await stopProcesses([edge, data]);
  await platform?.stop();
});
beforeEach(() => platform.reset());

/** A trace id of each test's own. */
const traceIdFor = (test: number) => `${TRACE_ID.slice(0, -2)}${String(test).padStart(2, "0")}`;

/** The listing through the edge, as a caller in the middle of its own trace sends it. */
async function listThroughEdge(traceId: string) {
  const response = await request(`${edge.url}${LISTING}`, {
    headers: {
      ...(await platform.authHeader("alice")),
      traceparent: `00-${traceId}-${CALLER_SPAN}-01`,
      tracestate: "rojo=00f067aa0ba902b7",
    },
  });
  return { status: response.statusCode, body: (await response.body.json()) as Record<string, unknown> };
}

const spansOf = (traceId: string, count: number) =>
  platform.traces.waitForSpans((span) => span.traceId === traceId, { count });

function one(spans: ReceivedSpan[], kind: ReceivedSpan["kind"], name: string): ReceivedSpan {
  const found = spans.filter((span) => span.kind === kind && span.name === name);
  expect(found, `${kind} ${name}`).toHaveLength(1);
  return found[0] as ReceivedSpan;
}

describe("a request through the edge to a route calling two backends", () => {
  it("makes one trace, the caller's: the server span below the caller's span, a client span per call below it", async () => {
    const traceId = traceIdFor(1);
    const answer = await listThroughEdge(traceId);
    expect(answer.status).toBe(200);
    const spans = await spansOf(traceId, 3);
    expect(spans).toHaveLength(3);
    const server = one(spans, "server", "GET /secured/filesystem/directory");
    expect(server).toMatchObject({
      parentSpanId: CALLER_SPAN,
      service: "data",
      status: { code: "unset" },
      attributes: {
        "http.request.method": "GET",
        "http.route": "/secured/filesystem/directory",
        "url.path": "/secured/filesystem/directory",
        "url.query": "path=/iplant/home/alice",
        "http.response.status_code": 200,
      },
    });
    const folder = one(spans, "client", "GET file-info");
    const favorites = one(spans, "client", "POST metadata");
    expect(folder).toMatchObject({
      parentSpanId: server.spanId,
      status: { code: "unset" },
      attributes: {
        "gateway.backend": "file-info",
        "url.template": "/navigation/path/{}/{}/{}",
        "http.response.status_code": 200,
      },
    });
    expect(favorites).toMatchObject({
      parentSpanId: server.spanId,
      status: { code: "unset" },
      attributes: {
        "gateway.backend": "metadata",
        "url.template": "/favorites/filter",
        "http.response.status_code": 200,
      },
    });
    // Each backend was told its call's span as parent, in the caller's trace.
    const [folderCall] = platform.fileInfo.recorder.requests.filter((call) =>
      call.path.startsWith("/navigation/path/"),
    );
    const [favoritesCall] = platform.metadata.recorder.to("POST", "/favorites/filter");
    expect(folderCall?.headers.traceparent).toBe(`00-${traceId}-${folder.spanId}-01`);
    expect(favoritesCall?.headers.traceparent).toBe(`00-${traceId}-${favorites.spanId}-01`);
    expect(favoritesCall?.headers.tracestate).toBe("rojo=00f067aa0ba902b7");
  });

  it("shows a backend that does not answer in time as an ERROR client span with error.type timeout", async () => {
    platform.metadata.faults.set({ mode: "hang", path: "^/favorites/filter$" });
    const traceId = traceIdFor(2);
    const answer = await listThroughEdge(traceId);
    // The flags are decoration: the listing is answered without them.
    expect(answer.status).toBe(200);
    const spans = await spansOf(traceId, 3);
    expect(one(spans, "client", "POST metadata")).toMatchObject({
      status: { code: "error" },
      attributes: { "error.type": "timeout" },
    });
    expect(one(spans, "client", "GET file-info").status.code).toBe("unset");
    expect(one(spans, "server", "GET /secured/filesystem/directory").status.code).toBe("unset");
  });

  it("answers as before while the collector is down, and counts the spans it could not export", async () => {
    const before = await listThroughEdge(traceIdFor(3));
    await spansOf(traceIdFor(3), 3);
    await platform.traces.stop();
    try {
      const whileDown = await listThroughEdge(traceIdFor(4));
      expect(whileDown).toEqual(before);
      await until(async () => (await droppedSpans()) > 0, "spans counted as dropped", 15_000);
    } finally {
      await platform.traces.start();
    }
  });
});

/** The data service's count of spans lost in exports that failed, from its own /metrics. */
async function droppedSpans(): Promise<number> {
  const text = await (await request(`${data.url}/metrics`)).body.text();
  const line = text
    .split("\n")
    .find((sample) => sample.startsWith('gateway_trace_spans_dropped_total{reason="export_failed"}'));
  return Number(line?.split(" ")[1] ?? 0);
}
