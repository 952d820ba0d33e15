import { ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from "@opentelemetry/api";
import type { TraceContext } from "../trace-context.js";

/** What a span may carry: OpenTelemetry's plain attribute values. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/** The kinds of span made below a request's server span: a backend call, or a step of the service's own. */
export type ChildKind = "client" | "internal";

const KINDS: Record<ChildKind, SpanKind> = { client: SpanKind.CLIENT, internal: SpanKind.INTERNAL };

/** `error.type`, OpenTelemetry's name for what went wrong (a status code, `timeout`, an error code). */
export const ERROR_TYPE = "error.type";

/** Trace flags as `traceparent` writes them: the sampling decision of the span in hand. */
const flagsOf = (span: Span) => (span.spanContext().traceFlags & 1 ? "01" : "00");

/**
 * One span of a request (its server span, a backend call's, a step's) and the trace context that names it: what the
 * logs carry and what a backend receives as its parent. The parent of every child is passed explicitly, from the
 * request, rather than found through a context manager (AsyncLocalStorage costs on every await).
 */
export class RequestSpan {
  /** The trace context naming this span. */
  readonly trace: TraceContext;

  constructor(
    private readonly tracer: Tracer,
    readonly span: Span,
    parent: { parentSpanId?: string; tracestate?: string },
  ) {
    const { traceId, spanId } = span.spanContext();
    this.trace = { traceId, spanId, flags: flagsOf(span), span: this };
    if (parent.parentSpanId) this.trace.parentSpanId = parent.parentSpanId;
    if (parent.tracestate) this.trace.tracestate = parent.tracestate;
  }

  /** Whether the span is sampled and recorded: attributes are worth computing only then. */
  get recording(): boolean {
    return this.span.isRecording();
  }

  /** A span below this one, sharing its trace and tracestate. */
  child(name: string, kind: ChildKind, attributes: SpanAttributes = {}): RequestSpan {
    const span = this.tracer.startSpan(name, { kind: KINDS[kind], attributes }, trace.setSpan(ROOT_CONTEXT, this.span));
    return new RequestSpan(this.tracer, span, {
      parentSpanId: this.trace.spanId,
      ...(this.trace.tracestate ? { tracestate: this.trace.tracestate } : {}),
    });
  }

  set(attributes: SpanAttributes): void {
    if (!this.recording) return;
    for (const [key, value] of Object.entries(attributes)) if (value !== undefined) this.span.setAttribute(key, value);
  }

  /** Marks the span failed, with `error.type` saying how (and a message for the reader of the trace). */
  fail(errorType: string, message?: string): void {
    if (!this.recording) return;
    this.span.setAttribute(ERROR_TYPE, errorType);
    this.span.setStatus(message ? { code: SpanStatusCode.ERROR, message } : { code: SpanStatusCode.ERROR });
  }

  rename(name: string): void {
    this.span.updateName(name);
  }

  end(): void {
    this.span.end();
  }
}
