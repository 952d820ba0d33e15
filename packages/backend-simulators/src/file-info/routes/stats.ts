import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../../framework/answers.js";
import { ExistenceInfo, FilteredStatusInfo, PathToUuid, StatPage, StatusInfo } from "../answer-schemas.js";
import { type CallerView, type FileInfoContext, viewFor } from "../caller-view.js";
import type { Catalogue, Entry, Permission } from "../catalogue.js";
import { badParameter, doesNotExist, notOwner, notReadable, notWriteable } from "../errors.js";
import { statFields, statOf } from "../formats.js";
import { listingFilter, pageOf } from "../paging.js";
import { logicalPath } from "../paths.js";
import { canRead, holds, isPermission } from "../permissions.js";
import { body, queryBoolean, queryValue, requiredQuery, stringList } from "../request-values.js";
import type { DataStore } from "../store.js";

const REFUSAL = { read: notReadable, write: notWriteable, own: notOwner } as const;

function validationLevel(request: FastifyRequest): Permission {
  const level = queryValue(request, "validation-behavior") ?? "read";
  if (!isPermission(level)) throw badParameter("validation-behavior", "must be read, write or own");
  return level;
}

/** The paths that are not in the data store (data-info's `:path-exists`, checked as the service account). */
const missingFrom = (catalogue: Catalogue, paths: readonly string[]) =>
  paths.filter((path) => !catalogue.at(logicalPath(path)));

/**
 * Whether `POST /path-info` with `validation-behavior=read` answers the paths as the user without a refusal: only a
 * missing path refuses (500 ERR_DOES_NOT_EXIST), as what the user may not read is left out without a word (`stats`).
 */
export const pathInfoAccepts = (store: DataStore, paths: readonly string[]) =>
  missingFrom(store.catalogue, paths).length === 0;

/**
 * data-info's `do-stat`: stats by path and by id, refusing missing or inaccessible items unless told
 * to leave them out (`ignore-missing`, `ignore-inaccessible`); `validation-behavior` sets what access
 * counts (read by default).
 */
function stats(view: CallerView, request: FastifyRequest) {
  const fields = body(request);
  const paths = stringList(fields, "paths", false);
  const ids = stringList(fields, "ids", false);
  const ignoreMissing = queryBoolean(request, "ignore-missing");
  const ignoreInaccessible = queryBoolean(request, "ignore-inaccessible");
  const level = validationLevel(request);
  const included = statFields(queryValue(request, "filter-include"), queryValue(request, "filter-exclude"));
  const catalogue = view.store.catalogue;
  if (!ignoreMissing) {
    const missingIds = ids.filter((id) => !catalogue.withId(id.toLowerCase()));
    if (missingIds.length > 0) throw doesNotExist({ ids: missingIds });
    const missingPaths = missingFrom(catalogue, paths);
    if (missingPaths.length > 0) throw doesNotExist({ paths: missingPaths });
  }
  // Existence is checked as the service account above, then what the caller has no access to is left out without a
  // word (stat.clj do-stat: remove-missing-paths as the caller).
  const found = [
    ...paths.map((key) => ({ key, kind: "paths" as const, entry: catalogue.at(logicalPath(key)) })),
    ...ids.map((key) => ({ key, kind: "ids" as const, entry: catalogue.withId(key.toLowerCase()) })),
  ].filter(
    (item): item is typeof item & { entry: Entry } => item.entry !== undefined && canRead(item.entry, view.user),
  );
  const refused = found.filter(({ entry }) => !holds(entry, view.user, level));
  if (refused.length > 0 && !ignoreInaccessible) {
    throw REFUSAL[level]({ paths: refused.map(({ entry }) => entry.path), user: view.user });
  }
  const answer = { paths: {} as Record<string, unknown>, ids: {} as Record<string, unknown> };
  for (const { key, kind, entry } of found) {
    if (holds(entry, view.user, level)) answer[kind][key] = statOf(view.store, entry, view.user, included);
  }
  return answer;
}

/**
 * `GET /data/uuid?path=` → `{id, path}`; `POST /stat-gatherer` and `POST /path-info` `{paths?, ids?}` →
 * `{paths: {path: stat}, ids: {id: stat}}`; `POST /existence-marker` `{paths}` → `{paths: {path: bool}}`;
 * `POST /stat-lister` `{ids}` → `{files, folders, total}`, a sorted page of the readable ones.
 */
export function statRoutes(app: FastifyInstance, context: FileInfoContext) {
  app.get("/data/uuid", answers({ 200: PathToUuid }), async (request) => {
    const view = viewFor(request, context);
    const entry = view.seenAt(requiredQuery(request, "path"));
    return { id: entry.id, path: entry.path };
  });

  app.post("/stat-gatherer", answers({ 200: StatusInfo }), async (request) =>
    stats(viewFor(request, context), request),
  );
  app.post("/path-info", answers({ 200: FilteredStatusInfo }), async (request) =>
    stats(viewFor(request, context), request),
  );

  app.post("/existence-marker", answers({ 200: ExistenceInfo }), async (request) => {
    const view = viewFor(request, context);
    const paths = stringList(body(request), "paths");
    return { paths: Object.fromEntries(paths.map((path) => [path, view.sees(path)])) };
  });

  app.post("/stat-lister", answers({ 200: StatPage }), async (request) => {
    const view = viewFor(request, context);
    const ids = stringList(body(request), "ids");
    const readable = ids
      .map((id) => view.store.catalogue.withId(id.toLowerCase()))
      .filter((entry): entry is Entry => entry !== undefined && canRead(entry, view.user));
    const unique = [...new Set(readable)].filter(listingFilter(request));
    const { total, files, folders } = pageOf(unique, request, false);
    const stat = (entry: Entry) => statOf(view.store, entry, view.user);
    return { files: files.map(stat), folders: folders.map(stat), total };
  });
}
