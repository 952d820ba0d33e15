import type { FastifyInstance } from "fastify";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { statOf } from "../formats.js";
import { IRODS_HOME } from "../navigation.js";
import { canRead } from "../permissions.js";
import { queryInteger, requiredQuery } from "../request-values.js";

/**
 * `GET /search?q=&limit=&offset=` → `{total, hits: [stat…]}`: the files and folders below `/iplant/home` (homes
 * and community data, not the trash) whose name or path below `/iplant/home` contains `q` (case-insensitively)
 * and that the caller can read, by path. Stands in for the platform's separate search service.
 */
export function searchRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.get("/search", async (request) => {
    const view = viewFor(request, context);
    const text = requiredQuery(request, "q").toLowerCase();
    const offset = queryInteger(request, "offset", 0) ?? 0;
    const limit = queryInteger(request, "limit", 1);
    const matches = view.store.catalogue
      .all()
      .filter((entry) => entry.path.startsWith(`${IRODS_HOME}/`) && canRead(entry, view.user))
      // The zone's own prefix is no part of what is searched: `plan` must not find all of `/iplant`.
      .filter((entry) =>
        entry.path
          .slice(IRODS_HOME.length + 1)
          .toLowerCase()
          .includes(text),
      )
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const page = matches.slice(offset, limit === undefined ? undefined : offset + limit);
    return { total: matches.length, hits: page.map((entry) => statOf(view.store, entry, view.user)) };
  });
}
