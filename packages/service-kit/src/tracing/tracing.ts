import { OTLPTraceExporter as JsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { convertLegacyHttpOptions, createOtlpHttpExportDelegate } from "@opentelemetry/otlp-exporter-base/node-http";
import { ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  type IdGenerator,
  ParentBasedSampler,
  type Sampler,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { Metric } from "prom-client";
import { randomHex } from "../random-ids.js";
import type { TraceContextMaker } from "../trace-context.js";
import { type EncodedBatch, EncodingSpanProcessor } from "./encoding-span-processor.js";
import { serverSpanMaker } from "./server-spans.js";
import type { TracingSettings } from "./settings.js";
import { type SpanCounts, spanCounts } from "./span-counts.js";

/** A service's tracing while it runs: how each request's trace starts, and the export of what is left at the end. */
export interface Tracing {
  /** Makes a request's trace context by starting its server span. */
  makeTrace: TraceContextMaker;
  /** Exports the spans still held, waiting `timeoutMs` at most, and stops. */
  shutdown(timeoutMs: number): Promise<void>;
  /** The counts of spans exported and lost, for the service's Prometheus registry. */
  metrics: Metric[];
}

/** The SDK's span and trace ids come from the pool the untraced requests' ids come from (random-hex.ts). */
const pooledIds: IdGenerator = {
  generateTraceId: () => randomHex(16),
  generateSpanId: () => randomHex(8),
};

function samplerFor({ sampler, ratio }: TracingSettings): Sampler {
  const root = sampler.endsWith("always_on")
    ? new AlwaysOnSampler()
    : sampler.endsWith("always_off")
      ? new AlwaysOffSampler()
      : new TraceIdRatioBasedSampler(ratio);
  return sampler.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}

/** Waits for `work` at most `ms`; what it rejects with is not the caller's concern. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  await Promise.race([work.catch(() => undefined), late]);
  clearTimeout(timer);
}

/** The span exporter's name in the OpenTelemetry SDK's self-observation (semantic conventions). */
const SPAN_EXPORTER_COMPONENT = "otlp_http_span_exporter";
/** A batch is at most this many spans (the specification's default). */
const MAX_EXPORT_BATCH = 512;

/** Where and how long an export goes, as the OTLP exporters take it. */
const exportTarget = (settings: TracingSettings) => ({
  url: settings.url,
  timeoutMillis: settings.exportTimeoutMillis,
});

/** The batch processor's bounds, the same whichever processor exports. */
const batching = (settings: TracingSettings) => ({
  maxQueueSize: settings.maxQueueSize,
  maxExportBatchSize: Math.min(MAX_EXPORT_BATCH, settings.maxQueueSize),
  scheduledDelayMillis: settings.scheduledDelayMillis,
});

/** http/protobuf: spans encoded as they end, sent by the OTLP exporter's HTTP delegate. */
function protobufProcessor(settings: TracingSettings, counts: SpanCounts): SpanProcessor {
  const options = convertLegacyHttpOptions(exportTarget(settings), "TRACES", "v1/traces", {
    "Content-Type": "application/x-protobuf",
  });
  const delegate = createOtlpHttpExportDelegate(
    options,
    {
      serializeRequest: (batch: EncodedBatch) => batch.bytes,
      deserializeResponse: ProtobufTraceSerializer.deserializeResponse,
    },
    SPAN_EXPORTER_COMPONENT,
    { name: "span", countItems: (batch: EncodedBatch) => batch.spans },
    undefined,
  );
  return new EncodingSpanProcessor({ delegate, ...batching(settings), counts });
}

/** http/json: the SDK's batch span processor and JSON exporter. */
function jsonProcessor(settings: TracingSettings, counts: SpanCounts): SpanProcessor {
  return new BatchSpanProcessor({
    exporter: new JsonTraceExporter(exportTarget(settings)),
    ...batching(settings),
    exportTimeoutMillis: settings.exportTimeoutMillis,
    selfObsMeterProvider: counts.meters,
  });
}

/**
 * Starts the SDK's tracer and the export: spans are batched in a bounded queue (a full queue drops them, counted in
 * `metrics`) and posted to the collector off the request path, so a collector that is down or slow costs a request
 * nothing.
 */
export function startTracing(settings: TracingSettings): Tracing {
  const counts = spanCounts();
  const processor =
    settings.protocol === "http/json" ? jsonProcessor(settings, counts) : protobufProcessor(settings, counts);
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes(settings.resourceAttributes)),
    sampler: samplerFor(settings),
    idGenerator: pooledIds,
    spanProcessors: [processor],
  });
  return {
    makeTrace: serverSpanMaker(provider.getTracer("@de-gateway/service-kit")),
    shutdown: (timeoutMs) => within(provider.shutdown(), timeoutMs),
    metrics: counts.counters,
  };
}
