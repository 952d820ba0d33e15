import type { FastifyInstance } from "fastify";
import { answers } from "../../framework/answers.js";
import { AnonShareInfo, PermissionsResponse } from "../answer-schemas.js";
import { type FileInfoContext, viewFor } from "../caller-view.js";
import { ANONYMOUS_USER, grantAtLeast, sharesOf } from "../permissions.js";
import { anonFileUrl } from "../public-urls.js";
import { body, stringList } from "../request-values.js";

/**
 * `POST /permissions-gatherer` `{paths}` → `{paths: [{path, user-permissions: [{user, permission}]}]}`
 * for entries the caller owns; `POST /anonymizer` `{paths}` makes owned files readable anonymously →
 * `{user, paths: {path: anonymous URL}}`.
 */
export function permissionRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.post("/permissions-gatherer", answers({ 200: PermissionsResponse }), async (request) => {
    const view = viewFor(request, context);
    const entries = view.allOwned(view.entriesAt(stringList(body(request), "paths")));
    return {
      paths: entries.map((entry) => ({ path: entry.path, "user-permissions": sharesOf(entry, view.user) })),
    };
  });

  app.post("/anonymizer", answers({ 200: AnonShareInfo }), async (request) => {
    const view = viewFor(request, context);
    const entries = view.entriesAt(stringList(body(request), "paths"));
    for (const entry of entries) view.file(entry);
    view.allOwned(entries);
    for (const entry of entries) grantAtLeast(entry, ANONYMOUS_USER, "read");
    return {
      user: view.user,
      paths: Object.fromEntries(entries.map((entry) => [entry.path, anonFileUrl(entry.path)])),
    };
  });
}
