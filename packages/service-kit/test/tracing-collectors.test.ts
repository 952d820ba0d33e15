import { createServer, type Server, type Socket } from "node:net";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createService,
  type OtlpProtocol,
  type Service,
  TRACE_FLUSH_MS,
  type TraceContext,
  type TracingSettings,
  withSpan,
} from "../src/index.js";

/**
 * Tracing on, against collectors that fail: one at a port nothing listens on, one that takes connections and never answers.
 * Neither may change what a client gets; the spans lost are counted in the service's metrics.
 */
const TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
const CALLER_SPAN = "b7ad6b7169203331";

/**
 * Where nothing listens: a port below 1024, which the kernel never hands out for port 0. An ephemeral port let go
 * could be handed out again to a server of this run, which would then answer in the down collector's place.
 */
const DOWN_COLLECTOR_ORIGIN = "http://127.0.0.1:9";

/** A collector that accepts connections and never answers on them. */
async function silentCollector(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1/traces`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The two encodings, which take two ways out: spans encoded as they end (protobuf), the SDK's exporter (JSON). */
const PROTOCOLS: OtlpProtocol[] = ["http/protobuf", "http/json"];

const settings = (url: string, overrides: Partial<TracingSettings> = {}): TracingSettings => ({
  url,
  protocol: "http/protobuf",
  sampler: "parentbased_always_on",
  ratio: 1,
  resourceAttributes: { "service.name": "tracing-fixture" },
  maxQueueSize: 2048,
  scheduledDelayMillis: 10,
  exportTimeoutMillis: 300,
  ...overrides,
});

/** What a route saw of its request's trace (its span ends with the request), and of the request a step was given. */
interface Seen {
  trace: TraceContext;
  recording: boolean | undefined;
  step?: { sameRequest: boolean; trace: TraceContext; recording: boolean | undefined };
}

const seenOf = (request: FastifyRequest) => ({ trace: request.trace, recording: request.trace.span?.recording });

async function fixture(tracing: TracingSettings | undefined, lines: Array<Record<string, unknown>> = []) {
  const seen: Seen[] = [];
  const app = await createService({
    name: "tracing-fixture",
    logLevel: "info",
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
    ...(tracing ? { tracing } : {}),
  });
  app.get("/items/:id", { config: { auth: "none" } }, async (request) => {
    seen.push(seenOf(request));
    return { id: (request.params as { id: string }).id };
  });
  app.get("/stepped", { config: { auth: "none" } }, async (request) => {
    const entry: Seen = seenOf(request);
    seen.push(entry);
    return withSpan(request, "a step", { "fixture.step": 1 }, async (traced: FastifyRequest) => {
      entry.step = { sameRequest: traced === request, ...seenOf(traced) };
      return { stepped: true };
    });
  });
  app.get("/broken", { config: { auth: "none" } }, async () => {
    throw new Error("a defect");
  });
  await app.ready();
  return { app, seen };
}

const metric = async (app: Service, line: string) =>
  Number(
    (await app.inject({ method: "GET", url: "/metrics" })).body
      .split("\n")
      .find((sample) => sample.startsWith(`${line} `))
      ?.split(" ")[1] ?? 0,
  );

async function eventually(read: () => Promise<number>, atLeast: number): Promise<number> {
  let value = await read();
  for (let waited = 0; value < atLeast && waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** What a client sees of an answer, less what differs by request (its id). */
const seenByClient = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  const { "x-request-id": _id, date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body.replace(/"request_id":"[^"]+"/, "") };
};

const REQUESTS = ["/items/1", "/items/2?q=x", "/stepped", "/broken", "/nowhere"];

const FAILING_COLLECTORS = [
  [
    "down (nothing listens at its port)",
    async () => ({ url: `${DOWN_COLLECTOR_ORIGIN}/v1/traces`, close: async () => {} }),
  ],
  ["never answering", silentCollector],
] as const;

describe.each(
  PROTOCOLS.flatMap((protocol) => FAILING_COLLECTORS.map(([name, collector]) => [protocol, name, collector] as const)),
)("%s to a collector that is %s", (protocol, _case, collector) => {
  let traced: Awaited<ReturnType<typeof fixture>>;
  let untraced: Awaited<ReturnType<typeof fixture>>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const started = await collector();
    close = started.close;
    traced = await fixture(settings(started.url, { protocol, maxQueueSize: 4 }));
    untraced = await fixture(undefined);
  });
  afterAll(async () => {
    await Promise.all([traced.app.close(), untraced.app.close()]);
    await close();
  });

  it("changes nothing a client sees, request after request", async () => {
    for (let round = 0; round < 5; round++) {
      for (const url of REQUESTS) {
        const [withTracing, without] = await Promise.all([
          traced.app.inject({ method: "GET", url, headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` } }),
          untraced.app.inject({ method: "GET", url, headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` } }),
        ]);
        expect(seenByClient(withTracing), url).toEqual(seenByClient(without));
      }
    }
  });

  it("counts the spans it loses: exports that failed, and spans a full queue dropped", async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_unused, index) => traced.app.inject({ method: "GET", url: `/items/${index}` })),
    );
    expect(
      await eventually(() => metric(traced.app, 'gateway_trace_spans_dropped_total{reason="queue_full"}'), 1),
    ).toBeGreaterThan(0);
    expect(
      await eventually(() => metric(traced.app, 'gateway_trace_spans_dropped_total{reason="export_failed"}'), 1),
    ).toBeGreaterThan(0);
    expect(await metric(traced.app, "gateway_trace_spans_exported_total")).toBe(0);
  });
});

describe("closing a service whose collector never answers", () => {
  it.each(PROTOCOLS)("waits for the last export no longer than TRACE_FLUSH_MS (%s)", async (protocol) => {
    const collector = await silentCollector();
    try {
      // An export would wait a minute for its answer: closing must not.
      const { app } = await fixture(
        settings(collector.url, { protocol, scheduledDelayMillis: 60_000, exportTimeoutMillis: 60_000 }),
      );
      await app.inject({ method: "GET", url: "/items/1" });
      const started = performance.now();
      await app.close();
      expect(performance.now() - started).toBeLessThan(TRACE_FLUSH_MS + 1_000);
    } finally {
      await collector.close();
    }
  });
});

describe("a request's trace with tracing on", () => {
  const lines: Array<Record<string, unknown>> = [];
  let traced: Awaited<ReturnType<typeof fixture>>;
  let collector: Awaited<ReturnType<typeof silentCollector>>;
  beforeAll(async () => {
    collector = await silentCollector();
    traced = await fixture(settings(collector.url), lines);
  });
  afterAll(async () => {
    await traced.app.close();
    await collector.close();
  });

  it("carries the server span's ids, which the log lines carry, the caller's span its parent", async () => {
    const response = await traced.app.inject({
      method: "GET",
      url: "/items/7",
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`, tracestate: "congo=t61rcWkgMzE" },
    });
    const { trace, recording } = traced.seen.at(-1) as Seen;
    const spanContext = trace.span?.span.spanContext();
    expect(trace).toMatchObject({
      traceId: TRACE_ID,
      parentSpanId: CALLER_SPAN,
      flags: "01",
      tracestate: "congo=t61rcWkgMzE",
    });
    expect(spanContext).toMatchObject({ traceId: TRACE_ID, spanId: trace.spanId });
    expect(recording).toBe(true);
    const line = lines.find((entry) => entry.reqId === response.headers["x-request-id"]);
    expect(line).toMatchObject({ trace_id: TRACE_ID, span_id: trace.spanId, parent_span_id: CALLER_SPAN });
  });

  it("follows the caller's decision not to sample: the span records nothing and the flags say so", async () => {
    await traced.app.inject({
      method: "GET",
      url: "/stepped",
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-00` },
    });
    const seen = traced.seen.at(-1) as Seen;
    expect(seen.trace).toMatchObject({ traceId: TRACE_ID, flags: "00" });
    expect(seen.recording).toBe(false);
    // A step of a request not sampled is a plain call.
    expect(seen.step?.sameRequest).toBe(true);
  });

  it("gives a step its own span below the request's, and the step's calls its trace", async () => {
    await traced.app.inject({ method: "GET", url: "/stepped" });
    const seen = traced.seen.at(-1) as Seen;
    expect(seen.trace.flags).toBe("01");
    expect(seen.step?.sameRequest).toBe(false);
    expect(seen.step?.trace).toMatchObject({
      traceId: seen.trace.traceId,
      parentSpanId: seen.trace.spanId,
      flags: "01",
    });
    expect(seen.step?.trace.spanId).not.toBe(seen.trace.spanId);
    expect(seen.step?.recording).toBe(true);
  });

  it("samples no new trace when the ratio is 0", async () => {
    const { app, seen } = await fixture(settings(collector.url, { sampler: "parentbased_traceidratio", ratio: 0 }));
    try {
      await app.inject({ method: "GET", url: "/items/1" });
      expect(seen.at(-1)?.trace.flags).toBe("00");
      await app.inject({
        method: "GET",
        url: "/items/1",
        headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
      });
      expect(seen.at(-1)?.trace.flags).toBe("01");
    } finally {
      await app.close();
    }
  });
});

describe("a request's trace with tracing off", () => {
  it("has no span, and a step is a plain call with the request itself", async () => {
    const { app, seen } = await fixture(undefined);
    try {
      await app.inject({
        method: "GET",
        url: "/stepped",
        headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
      });
      const entry = seen.at(-1) as Seen;
      expect(entry.trace.span).toBeUndefined();
      expect(entry.trace).toMatchObject({ traceId: TRACE_ID, parentSpanId: CALLER_SPAN, flags: "01" });
      expect(entry.step?.sameRequest).toBe(true);
      expect((await app.inject({ method: "GET", url: "/metrics" })).body).not.toContain("gateway_trace_spans");
    } finally {
      await app.close();
    }
  });
});
