import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { type Caller, callerOf, fullName } from "../framework/caller.js";
import { isJsonObject, objectFields } from "../framework/json-object.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, forbidden, missingField } from "../framework/problems.js";
import { bodyObject } from "../framework/request-values.js";
import { AdminAppDetails, App, AppJobView, EmptyObject } from "./answer-schemas/apps.js";
import { groupsFrom, newApp, referencesFrom } from "./app-definitions.js";
import { appDetails } from "./app-information.js";
import { addDocumentation } from "./app-metadata.js";
import { appMetadataOf } from "./app-metadata-store.js";
import { appRoutes } from "./app-paths.js";
import { addVersion, atVersion, changeVersion, deleteVersion, reorderVersions } from "./app-versions.js";
import { editorView, launchForm } from "./app-views.js";
import {
  type AppRecord,
  type CatalogState,
  catalogOf,
  existingApp,
  readableApp,
  writableApp,
} from "./catalog-store.js";
import { workspaceOf } from "./login.js";
import { systemOf, TAPIS_REFUSALS } from "./systems.js";
import { readableTool, toolsOf, toolView } from "./tools-store.js";

type All = () => Record<string, unknown>;

function checkTools(app: AppRecord, caller: Caller, all: All): AppRecord {
  for (const id of app.tool_ids) readableTool(toolsOf(all), id, caller.username);
  return app;
}

/** validation.clj `verify-tools-for-public-app`: a public app's new version runs public tools only. */
function refusePrivateTools(toolIds: readonly string[], all: All): void {
  const tools = toolsOf(all).tools;
  const unpublished = toolIds.filter((id) => !tools.get(id)?.is_public);
  if (toolIds.length === 0 || unpublished.length > 0) {
    throw badRequest("Cannot add public app version that uses private or missing tool(s)", "ERR_BAD_REQUEST", {
      tools: unpublished.flatMap((id) => {
        const tool = tools.get(id);
        return tool ? [toolView(tool)] : [];
      }),
    });
  }
}

function editableApp(state: CatalogState, id: string, caller: Caller): AppRecord {
  const app = writableApp(state, id, caller.username);
  if (app.is_public)
    throw badRequest(`app ${id} is public and can only be changed by administrators`, "ERR_NOT_WRITEABLE");
  return app;
}

/** Only the owner may delete an app, and never a published one (administrators can). */
function deletableApp(state: CatalogState, id: string, caller: Caller): AppRecord {
  const app = editableApp(state, id, caller);
  if (app.integrator_username !== caller.username) throw forbidden(`only the owner may delete app ${id}`);
  return app;
}

/** The apps of a deletion request: `{app_ids: [{system_id, app_id}]}` as the backend takes it, or bare ids. */
function appIdsOf(body: unknown): string[] {
  const ids = bodyObject(body).app_ids;
  const named = Array.isArray(ids)
    ? ids.map((id) => (typeof id === "object" && id !== null ? (id as Record<string, unknown>).app_id : id))
    : [];
  if (named.length === 0 || named.some((id) => typeof id !== "string")) throw missingField("app_ids");
  return named as string[];
}

/** Label changes: the name, description and wiki link are the app's, the rest belong to the version. */
export function applyLabels(app: AppRecord, versionId: string | undefined, body: unknown): AppRecord {
  const changes = bodyObject(body);
  for (const field of ["name", "description", "wiki_url", "version"] as const) {
    if (changes[field] !== undefined && typeof changes[field] !== "string")
      throw badRequest(`${field} must be text`, "ERR_ILLEGAL_ARGUMENT");
  }
  if (changes.disabled !== undefined && typeof changes.disabled !== "boolean")
    throw badRequest("disabled must be true or false", "ERR_ILLEGAL_ARGUMENT");
  for (const field of ["name", "description", "wiki_url"] as const) {
    if (typeof changes[field] === "string") app[field] = changes[field] as string;
  }
  return changeVersion(app, versionId, (version) => {
    if (typeof changes.disabled === "boolean") version.disabled = changes.disabled;
    if (changes.references !== undefined) version.references = referencesFrom(changes.references);
    if (changes.groups !== undefined) version.groups = groupsFrom(changes.groups);
    if (typeof changes.version === "string" && changes.version.trim()) version.version = changes.version;
    version.edited_date = Date.now();
  });
}

/**
 * An administrator's extra settings of a version (de/admin.clj `update-app-extra-info`): HTCondor's extra
 * requirements, set by `extra.htcondor.extra_requirements` and cleared by blank text.
 */
function applyExtra(app: AppRecord, versionId: string | undefined, body: unknown) {
  const extra = bodyObject(body).extra;
  const htcondor = objectFields(extra).htcondor;
  for (const [name, value] of [
    ["extra", extra],
    ["extra.htcondor", htcondor],
  ] as const) {
    if (value !== undefined && !isJsonObject(value))
      throw badRequest(`${name} must be an object`, "ERR_ILLEGAL_ARGUMENT");
  }
  const requirements = objectFields(htcondor).extra_requirements;
  if (requirements === undefined) return;
  if (typeof requirements !== "string") throw badRequest("extra_requirements must be text", "ERR_ILLEGAL_ARGUMENT");
  changeVersion(app, versionId, (version) => {
    version.htcondor_extra = requirements.trim() ? requirements : undefined;
  });
}

/** A new private app of the caller's holding one version of another (without an administrator's extras): a copy. */
function copyOf(original: AppRecord, caller: Caller): AppRecord {
  const { htcondor_extra: _extras, ...copied } = structuredClone(original);
  return {
    ...copied,
    id: randomUUID(),
    version_id: randomUUID(),
    older_versions: [],
    name: `Copy of ${original.name}`,
    integrator_username: caller.username,
    integrator_email: caller.email,
    integrator_name: fullName(caller),
    is_public: false,
    deleted: false,
    integration_date: 0,
    edited_date: Date.now(),
  };
}

function userRoutes(scope: FastifyInstance, state: () => CatalogState, all: All) {
  // A new app is put in the caller's "Apps under development", in their workspace.
  const create = (body: unknown, caller: Caller) => {
    workspaceOf(all, caller.username);
    const app = checkTools(newApp(body, caller), caller, all);
    state().apps.set(app.id, app);
    return editorView(app, all);
  };
  const app = answers({ 200: App });
  const empty = { 200: EmptyObject };
  scope.post<{ Params: { systemId: string } }>("/apps/:systemId", app, async (request) => {
    if (systemOf(request.params.systemId) !== "de") throw badRequest(TAPIS_REFUSALS.integration);
    return create(request.body, callerOf(request));
  });
  const everyPath = { versions: true, tapis: TAPIS_REFUSALS.integration, answers: { 200: App } };
  appRoutes(scope, "GET", "", { ...everyPath, answers: { 200: AppJobView } }, async (request, { appId, versionId }) => {
    const username = callerOf(request).username;
    return launchForm(atVersion(readableApp(state(), appId, username), versionId), username, all);
  });
  appRoutes(scope, "PUT", "", everyPath, async (request, { appId, versionId }) => {
    const caller = callerOf(request);
    const app = editableApp(state(), appId, caller);
    const replacement = checkTools(newApp(request.body, caller), caller, all);
    Object.assign(app, { name: replacement.name, description: replacement.description });
    const version = changeVersion(app, versionId, (edited) =>
      Object.assign(edited, {
        tool_ids: replacement.tool_ids,
        groups: replacement.groups,
        references: replacement.references,
        edited_date: Date.now(),
      }),
    );
    return editorView(version, all);
  });
  appRoutes(scope, "PATCH", "", everyPath, async (request, { appId, versionId }) => {
    const app = writableApp(state(), appId, callerOf(request).username);
    return editorView(applyLabels(app, versionId, request.body), all);
  });
  const deletion = { tapis: TAPIS_REFUSALS.integration, answers: empty };
  appRoutes(scope, "DELETE", "", deletion, async (request, { appId }) => {
    deletableApp(state(), appId, callerOf(request)).deleted = true;
    return {};
  });
  const versionDeletion = { tapis: TAPIS_REFUSALS.versions, answers: empty };
  appRoutes(scope, "DELETE", "/versions/:versionId", versionDeletion, async (request, ref) => {
    const params = request.params as { versionId: string };
    deleteVersion(editableApp(state(), ref.appId, callerOf(request)), params.versionId);
    return {};
  });
  // Deleting several apps answers no body (the combined client's deletions return nothing), one app `{}`.
  scope.post("/apps/shredder", answers({ 200: NoBody }), async (request, reply) => {
    const caller = callerOf(request);
    const apps = appIdsOf(request.body).map((id) => deletableApp(state(), id, caller));
    for (const app of apps) app.deleted = true;
    return reply.send();
  });
  appRoutes(
    scope,
    "POST",
    "/copy",
    { versions: true, answers: { 200: App } },
    async (request, { appId, versionId }) => {
      const caller = callerOf(request);
      const copy = copyOf(atVersion(readableApp(state(), appId, caller.username), versionId), caller);
      workspaceOf(all, caller.username);
      state().apps.set(copy.id, copy);
      return editorView(copy, all);
    },
  );
  // A new version: a whole app definition with its version label; it becomes the latest.
  const versions = { tapis: TAPIS_REFUSALS.versions, answers: { 200: App } };
  // edit.clj `add-app-version`: write permission, a public app's version of public tools only, and the latest
  // version's documentation copied to it.
  appRoutes(scope, "POST", "/versions", versions, async (request, { appId }) => {
    const caller = callerOf(request);
    const app = writableApp(state(), appId, caller.username);
    const definition = bodyObject(request.body);
    if (typeof definition.version !== "string" || !definition.version.trim()) throw missingField("version");
    const content = checkTools(newApp({ name: app.name, ...definition }, caller), caller, all);
    const { tool_ids, groups, references, version } = content;
    if (app.is_public) refusePrivateTools(tool_ids, all);
    const documentation = appMetadataOf(all).documentation.get(app.version_id)?.documentation;
    addVersion(app, {
      version,
      tool_ids,
      groups,
      references,
      edited_date: Date.now(),
      integration_date: 0,
      disabled: false,
    });
    if (documentation !== undefined) addDocumentation(appMetadataOf(all), app, documentation, caller.username);
    return editorView(app, all);
  });
  // The versions in a new order, latest first: `{versions: [{version_id, version}]}`; answers the app.
  appRoutes(scope, "PUT", "/versions", versions, async (request, { appId }) => {
    const app = editableApp(state(), appId, callerOf(request));
    const versions = bodyObject(request.body).versions;
    if (!Array.isArray(versions)) throw missingField("versions");
    const ids = versions.map((entry) => {
      const id = bodyObject(entry).version_id;
      if (typeof id !== "string") throw missingField("versions.version_id");
      return id;
    });
    reorderVersions(app, ids);
    return editorView(app, all);
  });
}

function adminRoutes(scope: FastifyInstance, state: () => CatalogState, all: All) {
  // Administrators change any app, published ones too, and may mark it deleted or restore it.
  const admin = {
    base: "/admin/apps",
    versions: true,
    tapis: TAPIS_REFUSALS.integration,
    answers: { 200: AdminAppDetails },
  };
  appRoutes(scope, "PATCH", "", admin, async (request, { appId, versionId }) => {
    const caller = callerOf(request);
    const app = existingApp(state(), appId);
    const deleted = bodyObject(request.body).deleted;
    if (deleted !== undefined && typeof deleted !== "boolean")
      throw badRequest("deleted must be true or false", "ERR_ILLEGAL_ARGUMENT");
    applyExtra(app, versionId, request.body);
    const version = applyLabels(app, versionId, request.body);
    if (typeof deleted === "boolean") app.deleted = deleted;
    return appDetails(version, caller.username, all, true);
  });
  // Both answer with no body (the backend's deletions return nothing).
  const deletion = { base: "/admin/apps", answers: { 200: NoBody } };
  appRoutes(scope, "DELETE", "", deletion, async (request, { appId }, reply) => {
    callerOf(request);
    existingApp(state(), appId).deleted = true;
    return reply.send();
  });
  scope.post("/admin/apps/shredder", answers({ 200: NoBody }), async (request, reply) => {
    callerOf(request);
    const apps = appIdsOf(request.body).map((id) => existingApp(state(), id));
    for (const app of apps) state().apps.delete(app.id);
    return reply.send();
  });
}

/** Apps backend: creating, reading, changing, copying and deleting apps and their versions. */
export const appEditing = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    backendScope(app, (scope) => {
      userRoutes(scope, () => catalogOf(all), all);
      adminRoutes(scope, () => catalogOf(all), all);
    }),
});
