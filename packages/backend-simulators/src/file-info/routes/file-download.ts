import { createReadStream, openSync } from "node:fs";
import type { FastifyReply } from "fastify";
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
 * Streams a file from disk, whole, as data-info answers it (`services/entry.clj` `file-entry`: 200 with the file's
 * input stream, its type and disposition, no `Content-Length`, so the answer is chunked; a `Range` header is not
 * read). The file is opened before the answer starts, in the same step as the catalogue lookup, so a move or delete
 * right after (a rename on disk) cannot fail a download whose headers are already set: the open file is read to its
 * end, as iRODS does.
 */
export function sendFile(store: DataStore, entry: Entry, attachment: boolean, reply: FastifyReply) {
  const fd = openSync(store.disk.pathOf(entry.path), "r");
  return reply
    .header("content-type", mediaTypeOf(entry.path))
    .header("content-disposition", contentDisposition(attachment, baseName(entry.path)))
    .send(createReadStream("", { fd }));
}
