import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../../framework/answers.js";
import { FolderPage } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { pathFromUrlTail } from "../paths.js";
import { queryBoolean } from "../request-values.js";
import { sendFile } from "./file-download.js";
import { folderListing } from "./folder-listing.js";

/**
 * The logical path of a `/{prefix}/{zone}/{names…}` request, read from the raw URL so that every name is
 * decoded on its own: an encoded slash stays inside its name (and is refused), never splits it. data-info's routes are
 * `/path/:zone/*`: the zone is followed by a slash (`/{prefix}/{zone}/` is the zone itself), and a URL that ends at the
 * zone is a path it does not serve.
 */
export function pathOfUrl(request: FastifyRequest, prefix: string): string {
  const [rawPath = ""] = request.raw.url?.split("?") ?? [];
  return pathFromUrlTail(rawPath.slice(prefix.length + 1));
}

/** `GET /data/path/{zone}/{path}`: a file's bytes, or a page of a folder's contents. */
export function dataPathRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.get("/data/path/:zone/*", answers({ 200: FolderPage }), async (request, reply) => {
    const view = viewFor(request, context);
    const entry = view.entryAt(pathOfUrl(request, "/data/path"));
    // entry.clj get-path-attrs: what the caller has no access to does not exist, named by `path`.
    view.seen(entry, { path: entry.path });
    if (entry.type === "dir") return folderListing(view, entry, request);
    return sendFile(view.store, entry, queryBoolean(request, "attachment"), reply);
  });
}
