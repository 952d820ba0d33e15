import type { Static } from "typebox";
import type { TraceSummaries } from "./answer-schemas.js";
import type { ReceivedSpan } from "./otlp-json.js";

export type TraceSummary = Static<typeof TraceSummaries>[number];

/** The newest spans kept unless told otherwise: a few minutes of clicking through `pnpm start`. */
export const DEFAULT_MAX_SPANS = 10_000;

const NS_PER_MS = 1_000_000n;

/** The spans a trace starts with: those whose parent is not in the trace (the caller's, or not exported). */
export function rootsOf(spans: readonly ReceivedSpan[]): ReceivedSpan[] {
  const ids = new Set(spans.map((span) => span.spanId));
  return spans.filter((span) => span.parentSpanId === undefined || !ids.has(span.parentSpanId));
}

/** Orders nanosecond times written as decimal text. */
const compareNs = (a: string, b: string) => {
  const difference = BigInt(a) - BigInt(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
};

export const byStart = (a: ReceivedSpan, b: ReceivedSpan) => compareNs(a.startNs, b.startNs);

/** The first start and the last end of a set of spans, in nanoseconds. */
export function extentOf(spans: readonly ReceivedSpan[]): { startNs: bigint; endNs: bigint } {
  let startNs: bigint | undefined;
  let endNs = 0n;
  for (const span of spans) {
    const start = BigInt(span.startNs);
    const end = BigInt(span.endNs);
    if (startNs === undefined || start < startNs) startNs = start;
    if (end > endNs) endNs = end;
  }
  return { startNs: startNs ?? 0n, endNs };
}

/** Milliseconds between two nanosecond times, to the microsecond. */
export const millisecondsBetween = (startNs: bigint, endNs: bigint) => Number((endNs - startNs) / 1_000n) / 1_000;

/**
 * The traces received, bounded: once more than `maxSpans` spans are kept, the traces first seen longest ago are
 * dropped whole, and a trace already holding `maxSpans` spans takes no more.
 */
export class TraceStore {
  private readonly traces = new Map<string, ReceivedSpan[]>();
  private count = 0;

  constructor(readonly maxSpans = DEFAULT_MAX_SPANS) {}

  get spanCount(): number {
    return this.count;
  }

  get traceCount(): number {
    return this.traces.size;
  }

  /** Keeps the spans; answers how many it refused because their trace was full. */
  add(spans: readonly ReceivedSpan[]): number {
    let refused = 0;
    for (const span of spans) {
      let trace = this.traces.get(span.traceId);
      if (!trace) {
        trace = [];
        this.traces.set(span.traceId, trace);
      }
      if (trace.length >= this.maxSpans) {
        refused++;
        continue;
      }
      trace.push(span);
      this.count++;
    }
    for (const [traceId, trace] of this.traces) {
      if (this.count <= this.maxSpans) break;
      this.traces.delete(traceId);
      this.count -= trace.length;
    }
    return refused;
  }

  /** Every span kept, trace by trace (the trace first seen first), each trace's in the order they came. */
  spans(): ReceivedSpan[] {
    return [...this.traces.values()].flat();
  }

  trace(traceId: string): readonly ReceivedSpan[] | undefined {
    return this.traces.get(traceId);
  }

  /** The `limit` traces that started last, newest first. */
  summaries(limit: number): TraceSummary[] {
    return [...this.traces.entries()]
      .map(([traceId, spans]) => summaryOf(traceId, spans))
      .sort((a, b) => compareNs(b.startNs, a.startNs))
      .slice(0, limit);
  }
}

function summaryOf(traceId: string, spans: readonly ReceivedSpan[]): TraceSummary {
  const { startNs, endNs } = extentOf(spans);
  const root = rootsOf(spans).sort(byStart)[0] ?? spans[0];
  const services = [...new Set([...spans].sort(byStart).map((span) => span.service))];
  return {
    traceId,
    rootName: root?.name ?? "",
    services,
    spanCount: spans.length,
    start: new Date(Number(startNs / NS_PER_MS)).toISOString(),
    startNs: startNs.toString(),
    durationMs: millisecondsBetween(startNs, endNs),
    error: spans.some((span) => span.status.code === "error"),
  };
}
