import {
  type Context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import type { TraceContext } from "../trace-context.js";

/** What a span may carry: OpenTelemetry's plain attribute values. */
export type SpanAttributes = Record<string, string | number | boolean | undefined>;

/** The kinds of span made below a request's server span: a backend call, or a step of the service's own. */
export type ChildKind = "client" | "internal";

/** The options of a child span without attributes of its own, by kind: made once. */
const KIND_OPTIONS: Record<ChildKind, { kind: SpanKind }> = {
  client: { kind: SpanKind.CLIENT },
  internal: { kind: SpanKind.INTERNAL },
};

/** `error.type`, OpenTelemetry's name for what went wrong (a status code, `timeout`, an error code). */
const ERROR_TYPE = "error.type";

/**
 * One span of a request (its server span, a backend call's, a step's) and the trace context that names it: what the
 * logs carry and what a backend receives as its parent. The parent of every child is passed explicitly, from the
 * request, rather than found through a context manager (AsyncLocalStorage costs on every await).
 */
export class RequestSpan {
  /** The trace context naming this span. */
  readonly trace: TraceContext;
  /** The SDK's context holding this span, made for its first child. */
  private context: Context | undefined;

  constructor(
    private readonly tracer: Tracer,
    readonly span: Span,
    parentSpanId: string | undefined,
    tracestate: string | undefined,
  ) {
    const { traceId, spanId, traceFlags } = span.spanContext();
    // One shape for every trace context of a span, whatever it holds: the flags are the sampling decision.
    this.trace = { traceId, spanId, parentSpanId, flags: traceFlags & 1 ? "01" : "00", tracestate, span: this };
  }

  /** Whether the span is sampled and recorded: attributes are worth computing only then. */
  get recording(): boolean {
    return this.span.isRecording();
  }

  /** A span below this one, sharing its trace and tracestate. */
  child(name: string, kind: ChildKind, attributes?: SpanAttributes): RequestSpan {
    this.context ??= trace.setSpan(ROOT_CONTEXT, this.span);
    const options = attributes ? { kind: KIND_OPTIONS[kind].kind, attributes } : KIND_OPTIONS[kind];
    const span = this.tracer.startSpan(name, options, this.context);
    return new RequestSpan(this.tracer, span, this.trace.spanId, this.trace.tracestate);
  }

  /**
   * Sets one attribute (none for undefined) on a recorded span; chained, one call per attribute, so that a request
   * makes no object of attributes to be walked (a literal with computed keys is defined property by property at run
   * time, a cost figure 1's tracing line showed).
   */
  set(key: string, value: string | number | boolean | undefined): this {
    if (value !== undefined && this.recording) this.span.setAttribute(key, value);
    return this;
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
