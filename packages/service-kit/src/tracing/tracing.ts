import { OTLPTraceExporter as JsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  type IdGenerator,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from "@opentelemetry/sdk-trace";
import type { Metric } from "prom-client";
import { randomHex } from "../random-hex.js";
import type { TraceContextMaker } from "../trace-context.js";
import { serverSpanMaker } from "./server-spans.js";
import type { TracingSettings } from "./settings.js";
import { spanCounts } from "./span-counts.js";

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

/**
 * Starts the SDK's pipeline: spans are batched in a bounded queue (a full queue drops them, counted in `registry`) and
 * posted to the collector off the request path, so a collector that is down or slow costs a request nothing.
 */
export function startTracing(settings: TracingSettings): Tracing {
  const counts = spanCounts();
  const target = { url: settings.url, timeoutMillis: settings.exportTimeoutMillis };
  const exporter =
    settings.protocol === "http/json" ? new JsonTraceExporter(target) : new ProtobufTraceExporter(target);
  const processor = new BatchSpanProcessor({
    exporter,
    maxQueueSize: settings.maxQueueSize,
    maxExportBatchSize: Math.min(512, settings.maxQueueSize),
    scheduledDelayMillis: settings.scheduledDelayMillis,
    exportTimeoutMillis: settings.exportTimeoutMillis,
    selfObsMeterProvider: counts.meters,
  });
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
