import type { IncomingMessage } from "node:http";
import { randomHex } from "./random-ids.js";
import type { RequestSpan } from "./tracing/request-span.js";

export const TRACEPARENT_HEADER = "traceparent";
export const TRACESTATE_HEADER = "tracestate";

/** The W3C Trace Context of one request as the gateway handles it: the caller's trace, the gateway's own span. */
export interface TraceContext {
  traceId: string;
  /** This service's span: the parent id the backends are given. */
  spanId: string;
  /** The caller's span, when the caller sent a valid `traceparent`. */
  parentSpanId?: string;
  flags: string;
  /** The caller's `tracestate`, passed on untouched (only with a valid `traceparent`, as the spec says). */
  tracestate?: string;
  /** The span recorded for this context when tracing is on (the request's server span, or a step's); ids above are its. */
  span?: RequestSpan;
}

/** The trace a caller sent: its trace id, its own span (the parent of the service's) and flags, and its tracestate. */
export interface CallerTrace {
  traceId: string;
  parentSpanId: string;
  flags: string;
  tracestate?: string;
}

// version-traceid-parentid-flags; versions above 00 may append fields, 00 may not (W3C Trace Context §3.2).
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ALL_ZEROS = /^0+$/;
// Vendors must pass on at least 512 characters of tracestate and may drop a longer one.
const MAX_TRACESTATE = 512;
const PRINTABLE = /^[\x20-\x7e]*$/;
// Sampled when tracing is off: the gateway records no spans then, but a backend that does should keep the trace.
const GENERATED_FLAGS = "01";

const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(",") : value);

function parseTraceparent(value: string | undefined) {
  const match = value === undefined ? null : TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId = "", parentSpanId = "", flags = "", rest] = match;
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  if (ALL_ZEROS.test(traceId) || ALL_ZEROS.test(parentSpanId)) return undefined;
  return { traceId, parentSpanId, flags };
}

/** The caller's valid `traceparent` with the `tracestate` that may travel with it, or undefined. */
export function callerTraceOf(headers: IncomingMessage["headers"]): CallerTrace | undefined {
  const parent = parseTraceparent(headerText(headers[TRACEPARENT_HEADER]));
  if (!parent) return undefined;
  const tracestate = headerText(headers[TRACESTATE_HEADER])?.trim();
  const keep = tracestate && tracestate.length <= MAX_TRACESTATE && PRINTABLE.test(tracestate);
  return keep ? { ...parent, tracestate } : parent;
}

/** The trace context of a request: the caller's trace continued with a new span, or a new trace when none is valid. */
export function traceContextFor(headers: IncomingMessage["headers"]): TraceContext {
  const spanId = randomHex(8);
  const caller = callerTraceOf(headers);
  if (!caller) return { traceId: randomHex(16), spanId, flags: GENERATED_FLAGS };
  return { ...caller, spanId };
}

/**
 * The headers that carry the trace on to a backend, as name, value, name, value…: this service's span becomes the
 * backend's parent, and the caller's `tracestate` goes with it.
 */
export function traceHeaderList(trace: TraceContext): string[] {
  const list = [TRACEPARENT_HEADER, `00-${trace.traceId}-${trace.spanId}-${trace.flags}`];
  if (trace.tracestate) list.push(TRACESTATE_HEADER, trace.tracestate);
  return list;
}

/**
 * What every log line of the request carries: its id (pino's `reqId`, Fastify's default label) and its trace. A new
 * object of one of two shapes; Fastify's own bindings object is made with a computed key, and properties added to
 * it took V8's slow paths on every request.
 */
export function requestLogBindings(reqId: string, trace: TraceContext): Record<string, string> {
  return trace.parentSpanId
    ? { reqId, trace_id: trace.traceId, span_id: trace.spanId, parent_span_id: trace.parentSpanId }
    : { reqId, trace_id: trace.traceId, span_id: trace.spanId };
}

const TRACE = Symbol("trace context");

/** How a request's trace context is made: from its headers alone, or with its server span when tracing is on. */
export type TraceContextMaker = (raw: IncomingMessage) => TraceContext;

const fromHeaders: TraceContextMaker = (raw) => traceContextFor(raw.headers);

/** The request's trace context, made once: the logger is made before the request object, both need it. */
export function traceContextOf(
  raw: IncomingMessage & { [TRACE]?: TraceContext },
  make: TraceContextMaker = fromHeaders,
): TraceContext {
  raw[TRACE] ??= make(raw);
  return raw[TRACE];
}
