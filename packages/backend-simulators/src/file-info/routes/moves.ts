import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { MultiRenameResult, RenameResult } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { moveEntries, renameEntry } from "../moving.js";
import { baseName, checkedName, joinPath, logicalPath, parentOf } from "../paths.js";
import { body, stringList, textField } from "../request-values.js";

type ById = { Params: { id: string } };

/**
 * `POST /mover` `{sources, dest}` → `{user, sources, dest}`; `PUT /data/{id}/name` `{filename}` and
 * `PUT /data/{id}/dir` `{dirname}` → `{user, source, dest}`; `PUT /data/{id}/children/dir` `{dirname}`
 * moves a folder's contents → `{user, sources, dest}`.
 */
export function moveRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.post("/mover", answers({ 200: MultiRenameResult }), async (request) => {
    const view = viewFor(request, context);
    const fields = body(request);
    const sources = view.entriesAt(stringList(fields, "sources"));
    return moveEntries(view, sources, textField(fields, "dest"));
  });

  app.put<ById>("/data/:id/name", answers({ 200: RenameResult }), async (request) => {
    const view = viewFor(request, context);
    // rename.clj rename-path checks no characters (it never calls good-pathname): only the simulator's own name rules.
    const name = checkedName(textField(body(request), "filename"));
    const entry = view.entryWithId(request.params.id);
    return renameEntry(view, entry, joinPath(parentOf(entry.path), name));
  });

  app.put<ById>("/data/:id/dir", answers({ 200: RenameResult }), async (request) => {
    const view = viewFor(request, context);
    const folder = logicalPath(textField(body(request), "dirname"));
    const entry = view.entryWithId(request.params.id);
    return renameEntry(view, entry, joinPath(folder, baseName(entry.path)));
  });

  app.put<ById>("/data/:id/children/dir", answers({ 200: MultiRenameResult }), async (request) => {
    const view = viewFor(request, context);
    const dest = textField(body(request), "dirname");
    const folder = view.folder(view.readable(view.entryWithId(request.params.id)));
    return moveEntries(view, view.store.catalogue.childrenOf(folder.path), dest);
  });
}
