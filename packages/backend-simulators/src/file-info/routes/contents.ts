import { open, readFile } from "node:fs/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../../framework/answers.js";
import { Problem } from "../../framework/problems.js";
import { ChunkReturn, Manifest, TabularChunkReturn } from "../answer-schemas.js";
import { type CallerView, type FileInfoContext, viewFor } from "../caller-view.js";
import type { Entry } from "../catalogue.js";
import { mediaTypeOf, UNKNOWN_TYPE } from "../content-types.js";
import { parseCsv } from "../csv.js";
import { badParameter, missingParameter } from "../errors.js";
import { ANONYMOUS_USER, canRead } from "../permissions.js";
import { anonFileUrl } from "../public-urls.js";
import { queryInteger, requiredQuery } from "../request-values.js";

type ById = { Params: { id: string } };

// manifest.clj, page_file.clj, page_tabular.clj: `:path-exists` as the caller comes before `:path-is-file`.
const readableFile = (view: CallerView, id: string) => view.file(view.seen(view.entryWithId(id)));

function requiredInteger(request: FastifyRequest, name: string, minimum: number): number {
  const value = queryInteger(request, name, minimum);
  if (value === undefined) throw missingParameter(name);
  return value;
}

/** Up to `length` bytes from `position` (fewer at the end of the file). */
async function bytesAt(view: CallerView, entry: Entry, position: number, length: number): Promise<Buffer> {
  const handle = await open(view.store.disk.pathOf(entry.path), "r");
  try {
    const buffer = Buffer.alloc(Math.max(0, Math.min(length, entry.size - position)));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The separator of a tabular read; data-info decodes it once more, so `%09` means a tab either way. */
function separatorOf(request: FastifyRequest): string {
  const raw = requiredQuery(request, "separator");
  const separator = /%[0-9a-f]{2}/i.test(raw) ? decodeURIComponent(raw) : raw;
  if ([...separator].length !== 1) throw badParameter("separator", "must be a single character");
  return separator;
}

/** The offset of the first line that starts at or after `from`. */
const lineStartAtOrAfter = (bytes: Buffer, from: number) => {
  if (from <= 0) return 0;
  const newline = bytes.indexOf(0x0a, from - 1);
  return newline === -1 ? bytes.length : newline + 1;
};

/**
 * One page of a delimited file: page `n` holds the whole lines that start within bytes
 * `[(n-1)·size, n·size)`, so no line is cut or repeated, answered in data-info's tabular shape.
 */
async function tabularPage(view: CallerView, entry: Entry, request: FastifyRequest) {
  const page = queryInteger(request, "page", Number.MIN_SAFE_INTEGER);
  const size = queryInteger(request, "size", Number.MIN_SAFE_INTEGER);
  if (page === undefined) throw missingParameter("page");
  if (size === undefined) throw missingParameter("size");
  if (page < 1) throw new Problem(400, "ERR_PAGE_NOT_POS", "page must be positive", { page });
  if (size < 1) throw new Problem(400, "ERR_CHUNK_TOO_SMALL", "size must be positive", { "chunk-size": String(size) });
  const separator = separatorOf(request);
  const bytes = await readFile(view.store.disk.pathOf(entry.path));
  const pages = Math.max(1, Math.ceil(bytes.length / size));
  if (page > pages) {
    throw new Problem(400, "ERR_INVALID_PAGE", `there are ${pages} pages`, {
      page: String(page),
      "number-pages": String(pages),
    });
  }
  const chunk = bytes.subarray(lineStartAtOrAfter(bytes, (page - 1) * size), lineStartAtOrAfter(bytes, page * size));
  const records = parseCsv(chunk.toString("utf8"), separator);
  const rows = records.map((record) => Object.fromEntries(record.map((value, column) => [String(column), value])));
  return {
    path: entry.path,
    user: view.user,
    page: String(page),
    "number-pages": String(pages),
    "max-cols": String(Math.max(0, ...records.map((record) => record.length))),
    "chunk-size": String(chunk.length),
    "file-size": String(bytes.length),
    csv: rows.length > 0 ? rows : [{}],
  };
}

/**
 * `GET /data/{id}/chunks?position&size` → a piece of a file as text; `GET /data/{id}/chunks-tabular?
 * separator&page&size` → a page of a delimited file as rows; `GET /data/{id}/manifest` → its media type,
 * info type and public URLs.
 */
export function contentRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.get<ById>("/data/:id/chunks", answers({ 200: ChunkReturn }), async (request) => {
    const view = viewFor(request, context);
    const entry = readableFile(view, request.params.id);
    const position = requiredInteger(request, "position", 0);
    const size = requiredInteger(request, "size", 0);
    const chunk = await bytesAt(view, entry, position, size);
    return {
      path: entry.path,
      user: view.user,
      start: String(position),
      "chunk-size": String(size),
      "file-size": String(entry.size),
      chunk: chunk.toString("utf8"),
    };
  });

  app.get<ById>("/data/:id/chunks-tabular", answers({ 200: TabularChunkReturn }), async (request) => {
    const view = viewFor(request, context);
    return tabularPage(view, readableFile(view, request.params.id), request);
  });

  app.get<ById>("/data/:id/manifest", answers({ 200: Manifest }), async (request) => {
    const view = viewFor(request, context);
    const entry = readableFile(view, request.params.id);
    return {
      "content-type": mediaTypeOf(entry.path),
      infoType: entry.infoType ?? UNKNOWN_TYPE,
      urls: canRead(entry, ANONYMOUS_USER) ? [{ label: "anonymous", url: anonFileUrl(entry.path) }] : [],
    };
  });
}
