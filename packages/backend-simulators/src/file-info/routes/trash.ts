import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { EmptiedTrash, Restoration, TrashPaths } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { body, stringList } from "../request-values.js";
import { deleteEntries, emptyTrash, restoreEntries } from "../trashing.js";

type ById = { Params: { id: string } };

/**
 * `POST /deleter` `{paths}`, `DELETE /data/{id}`, `DELETE /data/{id}/children` → `{paths, trash-paths}`;
 * `DELETE /trash` → `{trash, paths}`; `POST /restorer` `{paths?}` → `{restored: {path: {restored-path,
 * partial-restore}}}`, or with nothing to restore data-info's failure (trashing.ts `restoreEntries`).
 */
export function trashRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.post("/deleter", answers({ 200: TrashPaths }), async (request) => {
    const view = viewFor(request, context);
    return deleteEntries(view, view.entriesAt(stringList(body(request), "paths")));
  });

  app.delete<ById>("/data/:id", answers({ 200: TrashPaths }), async (request) => {
    const view = viewFor(request, context);
    return deleteEntries(view, [view.entryWithId(request.params.id)]);
  });

  app.delete<ById>("/data/:id/children", answers({ 200: TrashPaths }), async (request) => {
    const view = viewFor(request, context);
    const folder = view.folder(view.readable(view.entryWithId(request.params.id)));
    return deleteEntries(view, view.store.catalogue.childrenOf(folder.path));
  });

  app.delete("/trash", answers({ 200: EmptiedTrash }), async (request) => emptyTrash(viewFor(request, context)));

  app.post("/restorer", answers({ 200: Restoration }), async (request) => {
    const view = viewFor(request, context);
    const paths = stringList(body(request), "paths", false);
    return restoreEntries(view, paths.length > 0 ? view.entriesAt(paths) : []);
  });
}
