import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { type Caller, callerOf, fullName } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, forbidden, missingField } from "../framework/problems.js";
import { bodyObject } from "../framework/request-values.js";
import { groupsFrom, newApp, referencesFrom } from "./app-definitions.js";
import { editorView, jobView } from "./app-views.js";
import { type AppRecord, type CatalogState, catalogOf, existingApp, readableApp, writableApp } from "./catalog.js";
import { platformAppId, type SystemAppParams } from "./system-ids.js";
import { readableTool, toolsOf } from "./tools.js";

type IdParams = { Params: { appId: string } };
type All = () => Record<string, unknown>;

function checkTools(app: AppRecord, caller: Caller, all: All): AppRecord {
  for (const id of app.tool_ids) readableTool(toolsOf(all), id, caller.username);
  return app;
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

function appIdsOf(body: unknown): string[] {
  const ids = bodyObject(body).app_ids;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== "string")) {
    throw missingField("app_ids");
  }
  return ids as string[];
}

function applyLabels(app: AppRecord, body: unknown): AppRecord {
  const changes = bodyObject(body);
  for (const field of ["name", "description", "wiki_url"] as const) {
    if (typeof changes[field] === "string") app[field] = changes[field] as string;
  }
  if (typeof changes.disabled === "boolean") app.disabled = changes.disabled;
  if (changes.references !== undefined) app.references = referencesFrom(changes.references);
  if (changes.groups !== undefined) app.groups = groupsFrom(changes.groups);
  app.edited_date = Date.now();
  return app;
}

function userRoutes(scope: FastifyInstance, state: () => CatalogState, all: All) {
  scope.post("/apps", async (request) => {
    const caller = callerOf(request);
    const app = checkTools(newApp(request.body, caller), caller, all);
    state().apps.set(app.id, app);
    return editorView(app, toolsOf(all));
  });
  scope.get<IdParams>("/apps/:appId", async (request) =>
    jobView(readableApp(state(), request.params.appId, callerOf(request).username)),
  );
  scope.get<{ Params: SystemAppParams }>("/apps/:systemId/:appId", async (request) =>
    jobView(readableApp(state(), platformAppId(request.params), callerOf(request).username)),
  );
  scope.put<IdParams>("/apps/:appId", async (request) => {
    const caller = callerOf(request);
    const app = editableApp(state(), request.params.appId, caller);
    const replacement = newApp(request.body, caller);
    checkTools(replacement, caller, all);
    Object.assign(app, {
      name: replacement.name,
      description: replacement.description,
      tool_ids: replacement.tool_ids,
      groups: replacement.groups,
      references: replacement.references,
      edited_date: Date.now(),
    });
    return editorView(app, toolsOf(all));
  });
  scope.patch<IdParams>("/apps/:appId", async (request) => {
    const app = writableApp(state(), request.params.appId, callerOf(request).username);
    return editorView(applyLabels(app, request.body), toolsOf(all));
  });
  scope.delete<IdParams>("/apps/:appId", async (request) => {
    deletableApp(state(), request.params.appId, callerOf(request)).deleted = true;
    return {};
  });
  scope.post("/apps/shredder", async (request) => {
    const caller = callerOf(request);
    const apps = appIdsOf(request.body).map((id) => deletableApp(state(), id, caller));
    for (const app of apps) app.deleted = true;
    return {};
  });
  scope.post<IdParams>("/apps/:appId/copy", async (request) => {
    const caller = callerOf(request);
    const original = readableApp(state(), request.params.appId, caller.username);
    const copy: AppRecord = {
      ...structuredClone(original),
      id: randomUUID(),
      name: `Copy of ${original.name}`,
      integrator_username: caller.username,
      integrator_email: caller.email,
      integrator_name: fullName(caller),
      is_public: false,
      deleted: false,
      integration_date: 0,
      edited_date: Date.now(),
    };
    state().apps.set(copy.id, copy);
    return editorView(copy, toolsOf(all));
  });
}

function adminRoutes(scope: FastifyInstance, state: () => CatalogState) {
  scope.delete<IdParams>("/admin/apps/:appId", async (request) => {
    callerOf(request);
    existingApp(state(), request.params.appId).deleted = true;
    return {};
  });
  scope.post("/admin/apps/shredder", async (request) => {
    callerOf(request);
    const apps = appIdsOf(request.body).map((id) => existingApp(state(), id));
    for (const app of apps) state().apps.delete(app.id);
    return {};
  });
}

/** Apps backend: creating, reading, changing, copying and deleting apps. */
export const appEditing = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    backendScope(app, (scope) => {
      userRoutes(scope, () => catalogOf(all), all);
      adminRoutes(scope, () => catalogOf(all));
    }),
});
