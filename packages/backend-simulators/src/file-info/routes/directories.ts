import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { Paths } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import type { Entry } from "../catalogue.js";
import { alreadyExists } from "../errors.js";
import { createFolders, missingFolders } from "../folders.js";
import { baseName, logicalPath, newName } from "../paths.js";
import { body, stringList } from "../request-values.js";

/**
 * `POST /data/directories` `{paths}` → `{paths: [every folder created, parents included]}`, as
 * data-info's create-dirs: no path may exist already, and the nearest existing folder above each must
 * be writeable; missing parents are created too, owned by the caller.
 */
export function directoryRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.post("/data/directories", answers({ 200: Paths }), async (request) => {
    const view = viewFor(request, context);
    const paths = [...new Set(stringList(body(request), "paths").map(logicalPath))];
    const existing = paths.filter((path) => view.store.catalogue.at(path));
    if (existing.length > 0) throw alreadyExists({ paths: existing });
    const targets = new Set<Entry>();
    for (const path of paths) {
      const { existing: nearest, missing } = missingFolders(view.store, path);
      for (const folder of missing) newName(baseName(folder));
      targets.add(nearest);
    }
    for (const target of targets) view.writeable(target);
    const created = paths.flatMap((path) => createFolders(view.store, path, view.user));
    return { paths: created.sort() };
  });
}
