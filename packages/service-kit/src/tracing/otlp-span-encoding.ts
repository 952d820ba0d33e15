import type { Attributes, AttributeValue, HrTime, Link, SpanContext } from "@opentelemetry/api";
import type { Resource } from "@opentelemetry/resources";
import type { ReadableSpan, TimedEvent } from "@opentelemetry/sdk-trace";
import { FIXED32, FIXED64, LENGTH_DELIMITED, type ProtobufWriter, VARINT } from "./protobuf-writer.js";

/** The instrumentation scope of a span, as the SDK gives it. */
export type Scope = ReadableSpan["instrumentationScope"];

// Span flags (trace.proto): the W3C flags in the low byte, and whether the parent is known to be remote or not.
const CONTEXT_HAS_IS_REMOTE = 0x100;
const CONTEXT_IS_REMOTE = 0x200;
const NANOS_PER_SECOND = 1e9;
const TWO_TO_16 = 65536;
const TWO_TO_32 = 4294967296;
const TWO_TO_63 = 2 ** 63;

const spanFlags = (traceFlags: number, remote: boolean | undefined) =>
  (traceFlags & 0xff) | CONTEXT_HAS_IS_REMOTE | (remote ? CONTEXT_IS_REMOTE : 0);

/** An HrTime ([seconds, nanoseconds]) as fixed64 nanoseconds, exactly: the sum exceeds a double's 53 bits. */
function writeTime(writer: ProtobufWriter, time: HrTime): void {
  const seconds = time[0];
  const nanos = time[1];
  const high = Math.floor(seconds / TWO_TO_16) * NANOS_PER_SECOND; // times 2^16
  const low = (seconds % TWO_TO_16) * NANOS_PER_SECOND + nanos + (high % TWO_TO_16) * TWO_TO_16;
  writer.fixed64(low % TWO_TO_32, Math.floor(high / TWO_TO_16) + Math.floor(low / TWO_TO_32));
}

/** AnyValue (common.proto): string 1, bool 2, int 3, double 4, array 5, kvlist 6, bytes 7. */
function writeAnyValue(writer: ProtobufWriter, value: unknown): void {
  switch (typeof value) {
    case "string":
      writer.tag(1, LENGTH_DELIMITED).string(value);
      return;
    case "boolean":
      writer.tag(2, VARINT).varint(value ? 1 : 0);
      return;
    case "number":
      if (Number.isInteger(value) && value >= -TWO_TO_63 && value < TWO_TO_63) writer.tag(3, VARINT).varint(value);
      else writer.tag(4, FIXED64).double(value);
      return;
  }
  if (value instanceof Uint8Array) {
    writer.tag(7, LENGTH_DELIMITED).raw(value);
  } else if (Array.isArray(value)) {
    writer.tag(5, LENGTH_DELIMITED);
    const array = writer.begin();
    for (const item of value) {
      writer.tag(1, LENGTH_DELIMITED);
      const start = writer.begin();
      writeAnyValue(writer, item);
      writer.end(start);
    }
    writer.end(array);
  } else if (value !== null && typeof value === "object") {
    writer.tag(6, LENGTH_DELIMITED);
    const list = writer.begin();
    writeAttributes(writer, value as Attributes, 1);
    writer.end(list);
  }
}

/** Attributes as repeated KeyValue (key 1, value 2) in field `field`. */
function writeAttributes(writer: ProtobufWriter, attributes: Attributes, field: number): void {
  for (const key in attributes) {
    if (!Object.hasOwn(attributes, key)) continue;
    writer.tag(field, LENGTH_DELIMITED);
    const pair = writer.begin();
    writer.tag(1, LENGTH_DELIMITED).string(key).tag(2, LENGTH_DELIMITED);
    const value = writer.begin();
    writeAnyValue(writer, attributes[key] as AttributeValue);
    writer.end(value).end(pair);
  }
}

function writeCount(writer: ProtobufWriter, field: number, count: number): void {
  writer.tag(field, VARINT).varint(count);
}

/** Span.Event: time 1, name 2, attributes 3, dropped attributes 4. */
function writeEvent(writer: ProtobufWriter, event: TimedEvent): void {
  writer.tag(11, LENGTH_DELIMITED);
  const start = writer.begin();
  writer.tag(1, FIXED64);
  writeTime(writer, event.time);
  writer.tag(2, LENGTH_DELIMITED).string(event.name);
  if (event.attributes) writeAttributes(writer, event.attributes, 3);
  writeCount(writer, 4, event.droppedAttributesCount || 0);
  writer.end(start);
}

/** Span.Link: trace id 1, span id 2, trace state 3, attributes 4, dropped attributes 5, flags 6. */
function writeLink(writer: ProtobufWriter, link: Link): void {
  writer.tag(13, LENGTH_DELIMITED);
  const start = writer.begin();
  const context: SpanContext = link.context;
  writer.tag(1, LENGTH_DELIMITED).hexBytes(context.traceId).tag(2, LENGTH_DELIMITED).hexBytes(context.spanId);
  const traceState = context.traceState?.serialize();
  if (traceState) writer.tag(3, LENGTH_DELIMITED).string(traceState);
  if (link.attributes) writeAttributes(writer, link.attributes, 4);
  writeCount(writer, 5, link.droppedAttributesCount || 0);
  writer.tag(6, FIXED32).fixed32(spanFlags(context.traceFlags, context.isRemote));
  writer.end(start);
}

/** One Span message (trace.proto), as a ScopeSpans' field 2. */
export function writeSpan(writer: ProtobufWriter, span: ReadableSpan): void {
  writer.tag(2, LENGTH_DELIMITED);
  const start = writer.begin();
  const context = span.spanContext();
  writer.tag(1, LENGTH_DELIMITED).hexBytes(context.traceId).tag(2, LENGTH_DELIMITED).hexBytes(context.spanId);
  const traceState = context.traceState?.serialize();
  if (traceState) writer.tag(3, LENGTH_DELIMITED).string(traceState);
  const parent = span.parentSpanContext;
  if (parent?.spanId) writer.tag(4, LENGTH_DELIMITED).hexBytes(parent.spanId);
  writer.tag(5, LENGTH_DELIMITED).string(span.name);
  // The API's INTERNAL is 0, OTLP's is 1 (0 is unspecified).
  const kind = span.kind == null ? 0 : span.kind + 1;
  if (kind) writer.tag(6, VARINT).varint(kind);
  writer.tag(7, FIXED64);
  writeTime(writer, span.startTime);
  writer.tag(8, FIXED64);
  writeTime(writer, span.endTime);
  if (span.attributes) writeAttributes(writer, span.attributes, 9);
  writeCount(writer, 10, span.droppedAttributesCount);
  for (const event of span.events) writeEvent(writer, event);
  writeCount(writer, 12, span.droppedEventsCount);
  for (const link of span.links) writeLink(writer, link);
  writeCount(writer, 14, span.droppedLinksCount);
  const { code, message } = span.status;
  writer.tag(15, LENGTH_DELIMITED);
  const status = writer.begin();
  if (message) writer.tag(2, LENGTH_DELIMITED).string(message);
  writer.tag(3, VARINT).varint(code);
  writer.end(status);
  writer.tag(16, FIXED32).fixed32(spanFlags(context.traceFlags, parent?.isRemote));
  writer.end(start);
}

/**
 * An ExportTraceServiceRequest of one ResourceSpans holding one ScopeSpans, around spans already written with
 * `writeSpan`: ResourceSpans (resource 1, scope spans 2, schema url 3), ScopeSpans (scope 1, spans 2, schema url 3),
 * InstrumentationScope (name 1, version 2).
 */
export function writeRequest(writer: ProtobufWriter, resource: Resource, scope: Scope, spans: Uint8Array): void {
  writer.tag(1, LENGTH_DELIMITED);
  const resourceSpans = writer.begin();
  writer.tag(1, LENGTH_DELIMITED);
  const resourceStart = writer.begin();
  if (resource.attributes) writeAttributes(writer, resource.attributes, 1);
  writeCount(writer, 2, 0);
  writer.end(resourceStart).tag(2, LENGTH_DELIMITED);
  const scopeSpans = writer.begin();
  writer.tag(1, LENGTH_DELIMITED);
  const scopeStart = writer.begin();
  writer.tag(1, LENGTH_DELIMITED).string(scope.name);
  if (scope.version) writer.tag(2, LENGTH_DELIMITED).string(scope.version);
  writer.end(scopeStart);
  writer.append(spans);
  if (scope.schemaUrl) writer.tag(3, LENGTH_DELIMITED).string(scope.schemaUrl);
  writer.end(scopeSpans);
  if (resource.schemaUrl) writer.tag(3, LENGTH_DELIMITED).string(resource.schemaUrl);
  writer.end(resourceSpans);
}
