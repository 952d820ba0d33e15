import {
  type Counter,
  createNoopMeter,
  type Meter,
  type MeterProvider,
  type MetricAttributes,
} from "@opentelemetry/api";
import { type Metric, Counter as PromCounter } from "prom-client";

/** The span processor's own metric: spans done with, by how (`error.type` when they were not exported). */
const PROCESSED_SPANS = "otel.sdk.processor.span.processed";
/** The `error.type` of a span dropped because the export queue was full. */
const QUEUE_FULL = "queue_full";

/** Why spans were lost. */
export type DropReason = typeof QUEUE_FULL | "export_failed";

/** Prometheus counters of what became of finished spans, and the ways to feed them. */
export interface SpanCounts {
  /** For the SDK's batch span processor's self-observation (its `selfObsMeterProvider`). */
  meters: MeterProvider;
  /** Spans the collector accepted. */
  exported(spans: number): void;
  /** Spans lost. */
  dropped(reason: DropReason, spans: number): void;
  /** To register in the service's Prometheus registry. */
  counters: Metric[];
}

/**
 * Counts the spans exported and the spans lost: dropped from a full queue, or in an export the collector failed or did
 * not answer in time. Every other instrument the SDK asks its MeterProvider for is a no-op.
 */
export function spanCounts(): SpanCounts {
  const exported = new PromCounter({
    name: "gateway_trace_spans_exported_total",
    help: "Spans the trace collector accepted",
    registers: [],
  });
  const dropped = new PromCounter({
    name: "gateway_trace_spans_dropped_total",
    help: "Spans lost: queue_full (more finished than the export queue holds) or export_failed (collector down or slow)",
    labelNames: ["reason"],
    registers: [],
  });
  const counts = {
    exported: (spans: number) => exported.inc(spans),
    dropped: (reason: DropReason, spans: number) => dropped.inc({ reason }, spans),
  };
  const processed: Counter = {
    add(value: number, attributes?: MetricAttributes) {
      const errorType = attributes?.["error.type"];
      if (errorType === undefined) counts.exported(value);
      else counts.dropped(errorType === QUEUE_FULL ? QUEUE_FULL : "export_failed", value);
    },
  };
  const meter: Meter = Object.create(createNoopMeter(), {
    createCounter: {
      value: (name: string) => (name === PROCESSED_SPANS ? processed : createNoopMeter().createCounter(name)),
    },
  });
  return { ...counts, meters: { getMeter: () => meter }, counters: [exported, dropped] };
}
