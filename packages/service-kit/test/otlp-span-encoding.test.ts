import {
  ROOT_CONTEXT,
  type SpanContext,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { ExportResultCode, TraceState } from "@opentelemetry/core";
import type { IOtlpExportDelegate } from "@opentelemetry/otlp-exporter-base";
import { ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { AlwaysOnSampler, type ReadableSpan, type SpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import type { Metric } from "prom-client";
import { describe, expect, it } from "vitest";
import { type EncodedBatch, EncodingSpanProcessor } from "../src/tracing/encoding-span-processor.js";
import { writeRequest, writeSpan } from "../src/tracing/otlp-span-encoding.js";
import { ProtobufWriter } from "../src/tracing/protobuf-writer.js";
import { spanCounts } from "../src/tracing/span-counts.js";

/**
 * The spans encoded as they end must be the bytes the SDK's own protobuf serializer makes of the same spans: every
 * kind of value, every field, lengths of one, two and three bytes.
 */
function recorder(limits: { attributeCountLimit?: number; eventCountLimit?: number; linkCountLimit?: number } = {}) {
  const ended: ReadableSpan[] = [];
  const keep: SpanProcessor = {
    onStart: () => {},
    onEnd: (span) => void ended.push(span),
    forceFlush: async () => {},
    shutdown: async () => {},
  };
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": "encoding-fixture", "service.instance.id": "ünïcode-1" }),
    sampler: new AlwaysOnSampler(),
    spanProcessors: [keep],
    spanLimits: limits,
  });
  return { ended, tracer: provider.getTracer("@de-gateway/service-kit", "1.2.3", { schemaUrl: "https://schema/1" }) };
}

const LONG = "x".repeat(300);
const VERY_LONG = "é".repeat(10_000);
const ATTRIBUTES = {
  "a.string": "/reference-genomes",
  "a.unicode": "naïve ☃ 😀",
  "a.lone.surrogate": "\ud800",
  "a.long": LONG,
  "a.very.long": VERY_LONG,
  "a.int": 200,
  "a.negative": -7,
  "a.large": 2 ** 40,
  "a.beyond.safe": 2 ** 60,
  "a.double": 0.25,
  "a.bool": false,
  "a.strings": ["one", "two"],
  "a.numbers": [1, 2.5, -3],
};

/**
 * Spans of every shape, `times` over, from one tracer: remote and local parents, every kind, events, links, statuses,
 * empty and huge values.
 */
function spansOfEveryShape(times = 1): ReadableSpan[] {
  const { ended, tracer } = recorder();
  for (let time = 0; time < times; time++) recordEveryShape(tracer);
  return ended;
}

function recordEveryShape(tracer: Tracer): void {
  const remote = trace.setSpanContext(ROOT_CONTEXT, {
    traceId: "0af7651916cd43dd8448eb211c80319c",
    spanId: "b7ad6b7169203331",
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
    traceState: new TraceState("rojo=00f067aa0ba902b7,congo=t61rcWkgMzE"),
  });
  const server = tracer.startSpan("GET /items/{id}", { kind: SpanKind.SERVER, attributes: ATTRIBUTES }, remote);
  const local = trace.setSpan(ROOT_CONTEXT, server);
  for (const kind of [SpanKind.INTERNAL, SpanKind.CLIENT, SpanKind.PRODUCER, SpanKind.CONSUMER]) {
    const child = tracer.startSpan(`child ${kind}`, { kind }, local);
    child.setAttribute("gateway.backend", "apps");
    child.setAttribute("nested", { inner: "value", deeper: { n: 1 } } as never);
    child.setAttribute("bytes", new Uint8Array([0, 1, 254, 255]) as never);
    child.addEvent("an event", { "event.attribute": 1 });
    child.addEvent("a bare event");
    child.addLink({ context: server.spanContext(), attributes: { "link.attribute": "yes" } });
    child.addLink({ context: trace.getSpanContext(remote) as SpanContext });
    child.setStatus(
      kind === SpanKind.CLIENT ? { code: SpanStatusCode.ERROR, message: "timeout" } : { code: SpanStatusCode.OK },
    );
    child.end();
  }
  tracer.startSpan("", {}, ROOT_CONTEXT).end();
  server.setStatus({ code: SpanStatusCode.ERROR });
  server.end();
}

function encode(spans: ReadableSpan[]): Buffer {
  const written = new ProtobufWriter(16);
  for (const span of spans) writeSpan(written, span);
  const request = new ProtobufWriter(16);
  const [first] = spans as [ReadableSpan];
  writeRequest(request, first.resource, first.instrumentationScope, written.bytes());
  return Buffer.from(request.bytes());
}

const bySdk = (spans: ReadableSpan[]) => Buffer.from(ProtobufTraceSerializer.serializeRequest(spans) as Uint8Array);

describe("spans encoded as they end", () => {
  it("are byte for byte what the SDK's protobuf serializer makes of them", () => {
    const spans = spansOfEveryShape();
    expect(spans).toHaveLength(6);
    expect(encode(spans).equals(bySdk(spans))).toBe(true);
  });

  it("are the same bytes one span at a time and for a batch whose lengths take three bytes", () => {
    const spans = spansOfEveryShape(300);
    const one = spans.slice(0, 1);
    expect(encode(one).equals(bySdk(one))).toBe(true);
    const all = encode(spans);
    expect(all.length).toBeGreaterThan(2 ** 21);
    expect(all.equals(bySdk(spans))).toBe(true);
  });

  it("count what the span limits dropped, as the SDK's serializer does", () => {
    const { ended, tracer } = recorder({ attributeCountLimit: 2, eventCountLimit: 1, linkCountLimit: 1 });
    const span = tracer.startSpan("limited", { attributes: { a: 1, b: 2, c: 3 } });
    span.addEvent("kept").addEvent("dropped");
    span.addLink({ context: span.spanContext() }).addLink({ context: span.spanContext() });
    span.end();
    expect(ended[0]?.droppedAttributesCount).toBe(1);
    expect(encode(ended).equals(bySdk(ended))).toBe(true);
  });
});

describe("the span processor encoding spans as they end", () => {
  /** What the processor hands the OTLP exporter's HTTP delegate, each batch accepted at once. */
  function processorSendingTo(
    batches: EncodedBatch[],
    options: { maxQueueSize?: number; maxExportBatchSize?: number } = {},
  ) {
    const counts = spanCounts();
    const delegate: IOtlpExportDelegate<EncodedBatch> = {
      export: (batch, done) => {
        batches.push(batch);
        done({ code: ExportResultCode.SUCCESS });
      },
      forceFlush: async () => {},
      shutdown: async () => {},
      setMetrics: () => {},
    };
    const processor = new EncodingSpanProcessor({
      delegate,
      maxQueueSize: options.maxQueueSize ?? 100,
      maxExportBatchSize: options.maxExportBatchSize ?? 100,
      scheduledDelayMillis: 60_000,
      counts,
    });
    return { processor, counts };
  }

  it("sends batches of its batch size, the rest when flushed, each what the SDK would send", async () => {
    const batches: EncodedBatch[] = [];
    const { processor } = processorSendingTo(batches, { maxExportBatchSize: 4 });
    const spans = spansOfEveryShape(2).slice(0, 10);
    for (const span of spans) processor.onEnd(span);
    expect(batches.map((batch) => batch.spans)).toEqual([4, 4]);
    await processor.forceFlush();
    expect(batches.map((batch) => batch.spans)).toEqual([4, 4, 2]);
    batches.forEach((batch, index) => {
      expect(Buffer.from(batch.bytes).equals(bySdk(spans.slice(index * 4, index * 4 + 4)))).toBe(true);
    });
  });

  it("starts a batch of its own for spans of another resource or scope", async () => {
    const batches: EncodedBatch[] = [];
    const { processor } = processorSendingTo(batches);
    const [first, second] = [spansOfEveryShape(), spansOfEveryShape()];
    for (const span of [...first, ...second]) processor.onEnd(span);
    await processor.forceFlush();
    expect(batches.map((batch) => Buffer.from(batch.bytes))).toEqual([bySdk(first), bySdk(second)]);
  });

  it("loses a span it cannot encode alone, and counts it", async () => {
    const batches: EncodedBatch[] = [];
    const { processor, counts } = processorSendingTo(batches);
    const [first, ...rest] = spansOfEveryShape() as [ReadableSpan, ...ReadableSpan[]];
    const broken = Object.create(first, {
      status: {
        get: () => {
          throw new Error("no status");
        },
      },
    }) as ReadableSpan;
    expect(() => processor.onEnd(broken)).not.toThrow();
    for (const span of rest) processor.onEnd(span);
    await processor.forceFlush();
    expect(batches.map((batch) => Buffer.from(batch.bytes))).toEqual([bySdk(rest)]);
    const [, dropped] = counts.counters as [Metric, Metric];
    expect((await dropped.get()).values).toEqual([
      expect.objectContaining({ labels: { reason: "export_failed" }, value: 1 }),
    ]);
  });

  it("leaves out spans not sampled, and drops and counts what is past its bound", async () => {
    const batches: EncodedBatch[] = [];
    const { processor, counts } = processorSendingTo(batches, { maxQueueSize: 3 });
    const spans = spansOfEveryShape();
    const unsampled = Object.create(spans[0] as object, {
      spanContext: { value: () => ({ ...spans[0]?.spanContext(), traceFlags: TraceFlags.NONE }) },
    }) as ReadableSpan;
    for (const span of [unsampled, ...spans]) processor.onEnd(span);
    await processor.forceFlush();
    expect(batches.map((batch) => batch.spans)).toEqual([3]);
    const [, dropped] = counts.counters as [Metric, Metric];
    expect((await dropped.get()).values).toEqual([
      expect.objectContaining({ labels: { reason: "queue_full" }, value: 3 }),
    ]);
  });
});
