import { Type } from "typebox";

/*
 * The receiver's answers. `POST /v1/traces` answers as an OTLP collector does (opentelemetry-proto
 * opentelemetry/proto/collector/trace/v1/trace_service.proto ExportTraceServiceResponse, in the request's encoding as
 * the OTLP specification's "OTLP/HTTP" section says); the rest is this receiver's own view of what it kept.
 */

const Hex = (length: number) => Type.String({ pattern: `^[0-9a-f]{${length}}$` });
/** A time in nanoseconds since the epoch, exact, as decimal text (it does not fit a JSON number). */
const Nanoseconds = Type.String({ pattern: "^[0-9]+$" });

/**
 * ExportTraceServiceResponse; `partialSuccess` only when spans were refused (int64 written as text, as proto3 JSON does).
 * A protobuf request gets the same message in protobuf (otlp-proto.ts), which the answer check does not read: it reads
 * JSON and text answers only. The tests decode that one.
 */
export const ExportTraceServiceResponse = Type.Object({
  partialSuccess: Type.Optional(
    Type.Object({ rejectedSpans: Type.String({ pattern: "^[1-9][0-9]*$" }), errorMessage: Type.String() }),
  ),
});

export const SPAN_KINDS = ["unspecified", "internal", "server", "client", "producer", "consumer"] as const;
export const STATUS_CODES = ["unset", "ok", "error"] as const;

const Attributes = Type.Record(Type.String(), Type.Unknown());

/** One span as the receiver keeps it: the OTLP span flattened, with its resource's service name. */
export const ReceivedSpanSchema = Type.Object({
  traceId: Hex(32),
  spanId: Hex(16),
  parentSpanId: Type.Optional(Hex(16)),
  name: Type.String(),
  kind: Type.Enum(SPAN_KINDS),
  service: Type.String(),
  scope: Type.Optional(Type.String()),
  startNs: Nanoseconds,
  endNs: Nanoseconds,
  attributes: Attributes,
  resource: Attributes,
  status: Type.Object({ code: Type.Enum(STATUS_CODES), message: Type.Optional(Type.String()) }),
  events: Type.Optional(Type.Array(Type.Object({ name: Type.String(), timeNs: Nanoseconds, attributes: Attributes }))),
});

/** `GET /api/traces`: one line per trace, newest first. */
export const TraceSummaries = Type.Array(
  Type.Object({
    traceId: Hex(32),
    rootName: Type.String(),
    services: Type.Array(Type.String()),
    spanCount: Type.Integer({ minimum: 1 }),
    start: Type.String({ format: "date-time" }),
    startNs: Nanoseconds,
    durationMs: Type.Number({ minimum: 0 }),
    error: Type.Boolean(),
  }),
);

/** `GET /api/traces/{traceId}`. */
export const TraceAnswer = Type.Object({ traceId: Hex(32), spans: Type.Array(ReceivedSpanSchema) });

/** The receiver's refusals (its route errors, in the gateway's error model). */
export const ErrorAnswer = Type.Object({ error_code: Type.String(), reason: Type.String() });

/** A page for the person at the browser: labelled text/html, so the answer check does not read it. */
export const HtmlPage = Type.String({ description: "an HTML page" });
