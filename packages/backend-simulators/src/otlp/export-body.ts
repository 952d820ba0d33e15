import { gunzipSync } from "node:zlib";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, Problem } from "../framework/problems.js";
import { parseOtlpJson } from "./otlp-json.js";
import { decodeExportRequest } from "./otlp-proto.js";

/*
 * Reading an export's body in either OTLP/HTTP encoding (the OTLP specification's "OTLP/HTTP" section): protobuf,
 * the exporters' default, or JSON; plain or gzip. Both become the same ExportTraceServiceRequest shape (otlp-json.ts).
 */

/** The protobuf encoding's media type, for requests and their answers alike. */
export const PROTOBUF = "application/x-protobuf";
/** An export larger than this is refused (413): the SDK's batches of 512 spans are a few hundred KiB. */
const MAX_EXPORT_BYTES = 16 * 1024 * 1024;
const WHOLE_BODY = { parseAs: "buffer", bodyLimit: MAX_EXPORT_BYTES } as const;

const unsupported = (what: string) =>
  new Problem(
    415,
    "ERR_UNSUPPORTED_MEDIA_TYPE",
    `${what}: the local receiver takes OTLP/HTTP protobuf or JSON (Content-Type ${PROTOBUF} or application/json), ` +
      "plain or gzip",
  );

/** Whether the request came in the protobuf encoding, which its answer then takes too. */
export const isProtobuf = (request: FastifyRequest) =>
  request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() === PROTOBUF;

/** The export's bytes: plain, or gzip (OTEL_EXPORTER_OTLP_COMPRESSION=gzip). */
function exportBytes(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || encoding === "identity") return body;
  if (encoding !== "gzip") throw unsupported(`Content-Encoding ${encoding}`);
  try {
    return gunzipSync(body, { maxOutputLength: MAX_EXPORT_BYTES });
  } catch {
    throw badRequest("the body is not gzip within 16 MiB");
  }
}

/** A body parser reading an export with `read`, refusing with `refusal` what `read` cannot read. */
const exportParser =
  (read: (bytes: Buffer) => unknown, refusal: string) =>
  (request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
    try {
      done(null, read(exportBytes(body as Buffer, request.headers["content-encoding"])));
    } catch (error) {
      done(error instanceof Problem ? error : badRequest(refusal));
    }
  };

/** Makes `scope` read exports in both encodings and refuse every other type with 415. */
export function readExportBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    PROTOBUF,
    WHOLE_BODY,
    exportParser(decodeExportRequest, "the body is not a protobuf ExportTraceServiceRequest"),
  );
  scope.addContentTypeParser(
    "application/json",
    WHOLE_BODY,
    exportParser((bytes) => parseOtlpJson(bytes.toString("utf8")), "the body is not JSON"),
  );
  scope.addContentTypeParser("*", (request, _payload, done) =>
    done(unsupported(`Content-Type ${request.headers["content-type"] ?? "(none)"}`)),
  );
}
