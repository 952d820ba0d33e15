import type { Static } from "typebox";
import { type ReceivedSpanSchema, SPAN_KINDS, STATUS_CODES } from "./answer-schemas.js";

/*
 * Reading an ExportTraceServiceRequest in the OTLP/JSON encoding (OTLP specification, "JSON Protobuf Encoding"):
 * lowerCamelCase keys, trace and span ids as hex text, enums as integers (their names accepted too), 64-bit integers
 * as decimal text or JSON numbers, and unknown keys ignored.
 */

export type ReceivedSpan = Static<typeof ReceivedSpanSchema>;
type SpanKind = ReceivedSpan["kind"];
type StatusCode = ReceivedSpan["status"]["code"];
type Attributes = Record<string, unknown>;

/** Keys whose values are 64-bit integers: JSON numbers there lose digits once parsed, so their source text is kept. */
const INT64_KEYS = new Set(["startTimeUnixNano", "endTimeUnixNano", "timeUnixNano", "intValue"]);

/** JSON.parse's reviver context (Node 21 and later), which TypeScript's lib does not describe yet. */
type Reviver = (key: string, value: unknown, context: { source?: string }) => unknown;

const keepInt64Source: Reviver = (key, value, context) =>
  INT64_KEYS.has(key) && typeof value === "number" && context.source !== undefined ? context.source : value;

/** Parses the body; throws a SyntaxError when it is not JSON. */
export const parseOtlpJson = (text: string): unknown =>
  JSON.parse(text, keepInt64Source as Parameters<typeof JSON.parse>[1]);

/** The spans of one export, flattened, and why any were refused. */
export interface ReadExport {
  spans: ReceivedSpan[];
  rejected: string[];
}

interface KeyValue {
  key?: unknown;
  value?: AnyValue;
}
interface AnyValue {
  stringValue?: unknown;
  boolValue?: unknown;
  intValue?: unknown;
  doubleValue?: unknown;
  bytesValue?: unknown;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
}
interface OtlpSpan {
  traceId?: unknown;
  spanId?: unknown;
  parentSpanId?: unknown;
  name?: unknown;
  kind?: unknown;
  startTimeUnixNano?: unknown;
  endTimeUnixNano?: unknown;
  attributes?: KeyValue[];
  status?: { code?: unknown; message?: unknown };
  events?: Array<{ name?: unknown; timeUnixNano?: unknown; attributes?: KeyValue[] }>;
}
/** The request's structure, as the route's body schema has already checked it. */
export interface ExportTraceServiceRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{ scope?: { name?: unknown }; spans?: OtlpSpan[] }>;
  }>;
}

const intValue = (value: unknown): unknown => {
  if (typeof value !== "string") return value;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
};

/** An attribute's value as plain JSON: text, number (64-bit integers beyond 2^53 as text), boolean, list or object. */
function plainValue(value: AnyValue | undefined): unknown {
  if (!value || typeof value !== "object") return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return intValue(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.bytesValue !== undefined) return value.bytesValue;
  if (value.arrayValue) return (Array.isArray(value.arrayValue.values) ? value.arrayValue.values : []).map(plainValue);
  if (value.kvlistValue) return plainAttributes(value.kvlistValue.values);
  return null;
}

function plainAttributes(list: KeyValue[] | undefined): Attributes {
  const attributes: Attributes = {};
  for (const entry of Array.isArray(list) ? list : []) {
    if (entry && typeof entry.key === "string") attributes[entry.key] = plainValue(entry.value);
  }
  return attributes;
}

/** An enum given as its number or its proto name (`SPAN_KIND_SERVER`), as the names `names` lists in order. */
function enumName<T extends string>(value: unknown, names: readonly T[], prefix: string): T | undefined {
  if (value === undefined) return names[0];
  if (typeof value === "number") return names[value];
  if (typeof value === "string") return names.find((name) => `${prefix}${name.toUpperCase()}` === value);
  return undefined;
}

const isId = (value: unknown, length: number): value is string =>
  typeof value === "string" && value.length === length && /^[0-9a-f]+$/i.test(value) && /[1-9a-f]/i.test(value);

const nanoseconds = (value: unknown): string | undefined =>
  (typeof value === "string" && /^[0-9]+$/.test(value)) || (typeof value === "number" && Number.isSafeInteger(value))
    ? BigInt(value).toString()
    : undefined;

/** One span flattened, or why it cannot be kept. */
function readSpan(
  span: OtlpSpan,
  service: string,
  scope: string | undefined,
  resource: Attributes,
): ReceivedSpan | string {
  if (!isId(span.traceId, 32)) return "traceId is not 32 hex digits (and not all zeros)";
  if (!isId(span.spanId, 16)) return "spanId is not 16 hex digits (and not all zeros)";
  // A root span's parent is left out, empty, or (some exporters) all zeros.
  const hasParent = span.parentSpanId !== undefined && !/^0*$/.test(String(span.parentSpanId));
  if (hasParent && !isId(span.parentSpanId, 16)) return "parentSpanId is not 16 hex digits";
  if (typeof span.name !== "string") return "name is not text";
  const kind: SpanKind | undefined = enumName(span.kind, SPAN_KINDS, "SPAN_KIND_");
  if (!kind) return "kind is not a SpanKind";
  const startNs = nanoseconds(span.startTimeUnixNano);
  const endNs = nanoseconds(span.endTimeUnixNano);
  if (startNs === undefined || endNs === undefined) return "startTimeUnixNano or endTimeUnixNano is not an integer";
  if (BigInt(endNs) < BigInt(startNs)) return "endTimeUnixNano is before startTimeUnixNano";
  const code: StatusCode | undefined = enumName(span.status?.code, STATUS_CODES, "STATUS_CODE_");
  if (!code) return "status.code is not a StatusCode";
  const message = span.status?.message;
  const events = (Array.isArray(span.events) ? span.events : []).map((event) => ({
    name: typeof event?.name === "string" ? event.name : "",
    timeNs: nanoseconds(event?.timeUnixNano) ?? startNs,
    attributes: plainAttributes(event?.attributes),
  }));
  return {
    traceId: span.traceId.toLowerCase(),
    spanId: span.spanId.toLowerCase(),
    ...(hasParent ? { parentSpanId: String(span.parentSpanId).toLowerCase() } : {}),
    name: span.name,
    kind,
    service,
    ...(scope ? { scope } : {}),
    startNs,
    endNs,
    attributes: plainAttributes(span.attributes),
    resource,
    status: { code, ...(typeof message === "string" && message ? { message } : {}) },
    ...(events.length ? { events } : {}),
  };
}

/** Every span of an export flattened; a span that cannot be read is refused alone, as a collector does. */
export function readExport(request: ExportTraceServiceRequest): ReadExport {
  const result: ReadExport = { spans: [], rejected: [] };
  for (const resourceSpans of request.resourceSpans ?? []) {
    const resource = plainAttributes(resourceSpans.resource?.attributes);
    const serviceName = resource["service.name"];
    const service = typeof serviceName === "string" && serviceName ? serviceName : "unknown_service";
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      const scope = typeof scopeSpans.scope?.name === "string" ? scopeSpans.scope.name : undefined;
      for (const span of scopeSpans.spans ?? []) {
        const read = readSpan(span, service, scope, resource);
        if (typeof read === "string") result.rejected.push(read);
        else result.spans.push(read);
      }
    }
  }
  return result;
}
