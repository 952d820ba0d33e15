import { closeSync, createReadStream, fstatSync, openSync } from "node:fs";
import type { FastifyReply } from "fastify";
import { requestedRange } from "../byte-range.js";
import type { Entry } from "../catalogue.js";
import { mediaTypeOf } from "../content-types.js";
import { baseName } from "../paths.js";
import type { DataStore } from "../store.js";

const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** RFC 6266: an ASCII fallback name plus the real name, UTF-8 percent-encoded, as data-info sends them. */
export function contentDisposition(attachment: boolean, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${attachment ? "attachment" : "inline"}; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}

/**
 * Streams a file from disk: the whole of it, or the one byte range asked for (206), or 416. The file is opened
 * before the answer starts, in the same step as the catalogue lookup, so a move or delete right after (a rename on
 * disk) cannot fail a download whose headers are already set: the open file is read to its end, as iRODS does.
 */
export function sendFile(
  store: DataStore,
  entry: Entry,
  rangeHeader: string | undefined,
  attachment: boolean,
  reply: FastifyReply,
) {
  const fd = openSync(store.disk.pathOf(entry.path), "r");
  const size = fstatSync(fd).size;
  const range = requestedRange(rangeHeader, size);
  reply.header("accept-ranges", "bytes");
  if (range === "unsatisfiable") {
    closeSync(fd);
    return reply
      .code(416)
      .header("content-range", `bytes */${size}`)
      .send({
        error_code: "ERR_RANGE_NOT_SATISFIABLE",
        reason: `no such byte range in ${size} bytes`,
        path: entry.path,
      });
  }
  reply
    .header("content-type", mediaTypeOf(entry.path))
    .header("content-disposition", contentDisposition(attachment, baseName(entry.path)));
  if (!range) {
    return reply.header("content-length", size).send(createReadStream("", { fd }));
  }
  return reply
    .code(206)
    .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
    .header("content-length", range.end - range.start + 1)
    .send(createReadStream("", { fd, ...range }));
}
