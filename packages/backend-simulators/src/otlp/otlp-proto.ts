import protobuf from "protobufjs/light.js";
import type { Static } from "typebox";
import type { ExportTraceServiceResponse } from "./answer-schemas.js";
import type { ExportTraceServiceRequest } from "./otlp-json.js";

/*
 * The OTLP/HTTP protobuf encoding (`application/x-protobuf`): the messages of opentelemetry-proto
 * (https://github.com/open-telemetry/opentelemetry-proto, opentelemetry/proto/collector/trace/v1/trace_service.proto,
 * trace/v1/trace.proto, common/v1/common.proto, resource/v1/resource.proto), with their field numbers and types.
 * Only the fields the receiver reads are declared, with the names the OTLP/JSON encoding gives them; a decoder skips
 * the others (dropped counts, trace state, flags, links, schema URLs) as fields it does not know. The package names
 * are left out: they never appear on the wire.
 */
const repeated = (type: string, id: number) => ({ rule: "repeated", type, id });
const KeyValues = (id: number) => repeated("KeyValue", id);

const root = protobuf.Root.fromJSON({
  nested: {
    AnyValue: {
      oneofs: {
        value: {
          oneof: ["stringValue", "boolValue", "intValue", "doubleValue", "arrayValue", "kvlistValue", "bytesValue"],
        },
      },
      fields: {
        stringValue: { type: "string", id: 1 },
        boolValue: { type: "bool", id: 2 },
        intValue: { type: "int64", id: 3 },
        doubleValue: { type: "double", id: 4 },
        arrayValue: { type: "ArrayValue", id: 5 },
        kvlistValue: { type: "KeyValueList", id: 6 },
        bytesValue: { type: "bytes", id: 7 },
      },
    },
    ArrayValue: { fields: { values: repeated("AnyValue", 1) } },
    KeyValueList: { fields: { values: KeyValues(1) } },
    KeyValue: { fields: { key: { type: "string", id: 1 }, value: { type: "AnyValue", id: 2 } } },
    InstrumentationScope: { fields: { name: { type: "string", id: 1 } } },
    Resource: { fields: { attributes: KeyValues(1) } },
    ExportTraceServiceRequest: { fields: { resourceSpans: repeated("ResourceSpans", 1) } },
    ResourceSpans: {
      fields: { resource: { type: "Resource", id: 1 }, scopeSpans: repeated("ScopeSpans", 2) },
    },
    ScopeSpans: { fields: { scope: { type: "InstrumentationScope", id: 1 }, spans: repeated("Span", 2) } },
    Span: {
      fields: {
        traceId: { type: "bytes", id: 1 },
        spanId: { type: "bytes", id: 2 },
        parentSpanId: { type: "bytes", id: 4 },
        name: { type: "string", id: 5 },
        kind: { type: "SpanKind", id: 6 },
        startTimeUnixNano: { type: "fixed64", id: 7 },
        endTimeUnixNano: { type: "fixed64", id: 8 },
        attributes: KeyValues(9),
        events: repeated("Event", 11),
        status: { type: "Status", id: 15 },
      },
      nested: {
        SpanKind: {
          values: {
            SPAN_KIND_UNSPECIFIED: 0,
            SPAN_KIND_INTERNAL: 1,
            SPAN_KIND_SERVER: 2,
            SPAN_KIND_CLIENT: 3,
            SPAN_KIND_PRODUCER: 4,
            SPAN_KIND_CONSUMER: 5,
          },
        },
        Event: {
          fields: {
            timeUnixNano: { type: "fixed64", id: 1 },
            name: { type: "string", id: 2 },
            attributes: KeyValues(3),
          },
        },
      },
    },
    Status: {
      fields: { message: { type: "string", id: 2 }, code: { type: "StatusCode", id: 3 } },
      nested: { StatusCode: { values: { STATUS_CODE_UNSET: 0, STATUS_CODE_OK: 1, STATUS_CODE_ERROR: 2 } } },
    },
    ExportTraceServiceResponse: { fields: { partialSuccess: { type: "ExportTracePartialSuccess", id: 1 } } },
    ExportTracePartialSuccess: {
      fields: { rejectedSpans: { type: "int64", id: 1 }, errorMessage: { type: "string", id: 2 } },
    },
  },
});

export const ExportTraceServiceRequestMessage = root.lookupType("ExportTraceServiceRequest");
const ExportTraceServiceResponseMessage = root.lookupType("ExportTraceServiceResponse");

/**
 * As the OTLP/JSON encoding writes them: 64-bit integers as decimal text (exact), enums as numbers, bytes as base64;
 * the span ids are then made hex below.
 */
const AS_OTLP_JSON: protobuf.IConversionOptions = { longs: String, bytes: String };

const hexOf = (base64: unknown) =>
  typeof base64 === "string" ? Buffer.from(base64, "base64").toString("hex") : base64;

/**
 * An ExportTraceServiceRequest in the shape the OTLP/JSON encoding gives it, for `readExport()` to read as it reads
 * JSON. Throws when the bytes are not such a message.
 */
export function decodeExportRequest(bytes: Uint8Array): ExportTraceServiceRequest {
  const message = ExportTraceServiceRequestMessage.decode(bytes);
  const request: ExportTraceServiceRequest = ExportTraceServiceRequestMessage.toObject(message, AS_OTLP_JSON);
  for (const resourceSpans of request.resourceSpans ?? []) {
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        span.traceId = hexOf(span.traceId);
        span.spanId = hexOf(span.spanId);
        span.parentSpanId = hexOf(span.parentSpanId);
      }
    }
  }
  return request;
}

/** The receiver's answer in the protobuf encoding: no bytes at all for a full success. */
export function encodeExportResponse(answer: Static<typeof ExportTraceServiceResponse>): Buffer {
  const bytes = ExportTraceServiceResponseMessage.encode(ExportTraceServiceResponseMessage.fromObject(answer)).finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
