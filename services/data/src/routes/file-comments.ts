import { commentsOn } from "@de-gateway/comments";
import { notFound } from "@de-gateway/service-kit";
import { dataType, readableEntry } from "../data-items.js";

/** Comments on files and folders, kept by the metadata backend; whoever owns the entry may retract any of them. */
export const fileComments = commentsOn({
  noun: "file or folder",
  tag: "data-comments",
  param: "entryId",
  prefix: "/secured/filesystem/entry",
  adminPrefix: "/admin/filesystem/entry",
  // The metadata backend's own path (cyverse-de/metadata routes/comments.clj); the catalogue's `/filesystem/entry`
  // is not served there.
  backendPrefix: "/filesystem/data",
  async access(request, entryId) {
    const entry = await readableEntry(request.server.backends.fileInfo, request, entryId);
    if (!entry) throw notFound(`file or folder ${entryId} not found`);
    return { owned: entry.permission === "own", postQuery: { "data-type": dataType(entry) } };
  },
});
