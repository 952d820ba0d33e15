import { type BackendClient, dataPath, isSuccess } from "@de-gateway/backend-clients";
import { badRequest, ErrorBody, GatewayError } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { create as contentDisposition } from "content-disposition";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { exactly, partOf, rangeAnswer } from "../byte-ranges.js";
import { type Stat, statOf } from "../data-items.js";
import { baseName, dataPathUrl } from "../data-paths.js";
import { commonErrors, PathText } from "../schemas.js";

const PDF = /^application\/pdf\b/i;

/** Headers of the file-info backend's answer that describe the bytes and travel on to the client. */
const KEPT_HEADERS = ["content-length", "content-range", "etag"];

const truthy = (value: string | undefined) => value !== undefined && /^(1|true|yes)$/i.test(value);

const unreadable = (path: string) =>
  new GatewayError(404, `${path} does not exist or is not readable`, "ERR_NOT_FOUND", { path });

const FileContent = Type.Unknown({ description: "the file's bytes (206 with Content-Range for a Range request)" });
const responses = { 200: FileContent, 206: FileContent, 416: ErrorBody, ...commonErrors };

/**
 * Whether the file is still the one of `stat` (its size and modification time) now that the backend has begun its
 * answer. The backend reads the file it opened before answering (data-info's input stream; a replacement or a delete
 * after that leaves the open file as it was), so a file unchanged since the first stat, checked once the answer has
 * begun, is the one being sent, and its size can be declared. A file changed in between, or gone, is sent as the
 * backend streams it, without a declared length, rather than cut off for not matching one.
 */
async function unchangedSince(fileInfo: BackendClient, request: FastifyRequest, path: string, stat: Stat) {
  const now = await statOf(fileInfo, request, path).catch(() => undefined);
  return now?.["file-size"] === stat["file-size"] && now?.["date-modified"] === stat["date-modified"];
}

/**
 * Streams a file from the file-info backend to the client, never holding it, with its `Content-Length`: the backend's
 * when it gives one, else its stat's size (`unchangedSince`). A `Range` is answered here (`byte-ranges.ts`), as data-info answers none:
 * one part of the file is 206 with `Content-Range`, so that large downloads resume, and a range past its end 416. The
 * part is asked of the backend too, and taken as it is when the backend answers it with 206; when it answers the whole
 * file, the part is cut from it. `Last-Modified` is the file's, which `If-Range` is checked against.
 */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  rawPath: string,
  disposition: { type: "attachment" | "inline"; contentType?: string },
) {
  const path = dataPath(rawPath);
  const fileInfo = request.server.backends.fileInfo;
  const stat = await statOf(fileInfo, request, path).catch((error: unknown) => {
    if (error instanceof GatewayError && (error.statusCode === 403 || error.statusCode === 404)) throw unreadable(path);
    throw error;
  });
  if (stat.type !== "file") throw badRequest(`${path} is a folder, not a file`, "ERR_NOT_A_FILE", { path });

  const lastModified = new Date(stat["date-modified"]).toUTCString();
  const size = stat["file-size"];
  // A repeated If-Range matches nothing, so the whole file is sent.
  const ifRange = request.headers["if-range"];
  const condition = Array.isArray(ifRange) ? ifRange.join(", ") : ifRange;
  const wanted = size === undefined ? undefined : rangeAnswer(request.headers.range, condition, size, lastModified);
  if (wanted?.kind === "unsatisfiable") {
    reply.header("content-range", `bytes */${size}`);
    throw new GatewayError(416, `${path} has no such byte range: it has ${size} bytes`, "ERR_RANGE_NOT_SATISFIABLE", {
      path,
    });
  }
  const part = wanted?.kind === "part" ? wanted.range : undefined;
  const answer = await fileInfo.stream(request, {
    path: dataPathUrl(path),
    query: { attachment: disposition.type === "attachment" },
    headers: { accept: "*/*", ...(part ? { range: `bytes=${part.start}-${part.end}` } : {}) },
  });
  if (!isSuccess(answer.status)) {
    const refused = await fileInfo.read(request, answer);
    // An entry the caller may not read is as good as missing: its existence is not given away.
    if (refused.status === 403 || refused.status === 404 || refused.status === 410) throw unreadable(path);
    fileInfo.expectOk(refused);
  }

  for (const name of KEPT_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  reply.header("accept-ranges", "bytes").header("last-modified", lastModified);
  let body = answer.body;
  if (part && answer.status === 200) {
    body = partOf(answer.body, part);
    reply
      .code(206)
      .header("content-range", `bytes ${part.start}-${part.end}/${size}`)
      .header("content-length", part.end - part.start + 1);
  } else {
    reply.code(answer.status);
    // data-info streams a file without its length; the stat has it, when the file is still the one stat'd.
    if (answer.status === 200 && answer.headers["content-length"] === undefined && size !== undefined) {
      if (await unchangedSince(fileInfo, request, path, stat)) {
        body = exactly(answer.body, size);
        reply.header("content-length", size);
      }
    }
  }
  const contentType = disposition.contentType ?? String(answer.headers["content-type"] ?? "application/octet-stream");
  reply
    .header("content-type", contentType)
    .header("content-disposition", contentDisposition(baseName(path), { type: disposition.type }))
    .header("x-content-type-options", "nosniff");
  // User content shown inline must not run as the platform's own page. PDFs are shown by the browsers' own viewers,
  // which a sandbox only breaks: Safari then shows nothing, and Chrome's viewer ignores the policy anyway.
  if (!PDF.test(contentType)) reply.header("content-security-policy", "sandbox");
  return reply.send(body);
}

/** Downloads: always an attachment of opaque bytes; display-download inline with the file's own type. */
export const downloads: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/secured/fileio/download",
    {
      schema: {
        summary: "Download a file (always as an attachment)",
        tags: ["fileio"],
        querystring: Type.Object({ path: PathText("the file's absolute path") }),
        response: responses,
      },
    },
    (request, reply) =>
      sendFile(request, reply, request.query.path, { type: "attachment", contentType: "application/octet-stream" }),
  );

  app.get(
    "/secured/filesystem/display-download",
    {
      schema: {
        summary: "A file's contents for display (inline, with its type) or as an attachment",
        tags: ["filesystem"],
        querystring: Type.Object({
          path: PathText("the file's absolute path"),
          attachment: Type.Optional(Type.String({ description: "1, true or yes: deliver as an attachment" })),
        }),
        response: responses,
      },
    },
    (request, reply) =>
      sendFile(request, reply, request.query.path, {
        type: truthy(request.query.attachment) ? "attachment" : "inline",
      }),
  );
};
