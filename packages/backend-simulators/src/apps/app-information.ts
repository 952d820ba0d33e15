import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, notFound } from "../framework/problems.js";
import { bodyObject } from "../framework/request-values.js";
import { editorView } from "./app-views.js";
import { type AppRecord, catalogOf, existingApp, readableApp, writableApp } from "./catalog.js";
import { categoriesOf, categoriesOfApp, placeInCategory } from "./categories.js";
import { platformAppId, type SystemAppParams } from "./system-ids.js";
import { toolsOf, toolView } from "./tools.js";

type IdParams = { Params: { appId: string } };
type All = () => Record<string, unknown>;

function appTools(app: AppRecord, all: All) {
  return app.tool_ids.flatMap((id) => {
    const tool = toolsOf(all).tools.get(id);
    return tool ? [toolView(tool)] : [];
  });
}

/** Why an app cannot be published yet, or undefined when it can. */
function unpublishableBecause(app: AppRecord, username: string, all: All): string | undefined {
  if (app.integrator_username !== username) return "only the app's integrator may publish it";
  if (app.is_public) return "the app is already public";
  if (app.deleted) return "the app is deleted";
  if (app.tool_ids.some((id) => !toolsOf(all).tools.get(id)?.is_public))
    return "the app uses tools that are not public";
  return undefined;
}

function fileParameters(app: AppRecord, type: string) {
  return app.groups
    .flatMap((group) => group.parameters)
    .filter((parameter) => parameter.type === type)
    .map(({ id, name, description, label, required }) => ({
      id,
      name,
      description,
      label,
      format: "Unspecified",
      required,
    }));
}

/** Name/value pairs of the command line the given parameter values would give, in parameter order. */
function argumentPreview(body: unknown) {
  const groups = bodyObject(body).groups;
  const parameters = (Array.isArray(groups) ? groups : []).flatMap((group) =>
    Array.isArray(group?.parameters) ? (group.parameters as Array<Record<string, unknown>>) : [],
  );
  return {
    params: parameters
      .filter((parameter) => parameter.value !== undefined && parameter.value !== "" && parameter.value !== false)
      .sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0))
      .map((parameter) => ({
        name: String(parameter.name ?? ""),
        value: parameter.value === true ? "" : String(parameter.value),
      })),
  };
}

function routes(scope: FastifyInstance, all: All) {
  const catalog = () => catalogOf(all);
  const details = (request: FastifyRequest, appId: string) => {
    const app = readableApp(catalog(), appId, callerOf(request).username);
    return {
      id: app.id,
      system_id: app.system_id,
      name: app.name,
      description: app.description,
      integration_date: app.integration_date,
      edited_date: app.edited_date,
      tools: appTools(app, all),
      deleted: app.deleted,
      disabled: app.disabled,
      integrator_email: app.integrator_email,
      integrator_name: app.integrator_name,
      is_public: app.is_public,
      references: app.references,
      categories: categoriesOfApp(categoriesOf(all), app.id),
      suggested_categories: [],
      ...(app.wiki_url ? { wiki_url: app.wiki_url } : {}),
    };
  };
  scope.get<IdParams>("/apps/:appId/details", async (request) => details(request, request.params.appId));
  scope.get<{ Params: SystemAppParams }>("/apps/:systemId/:appId/details", async (request) =>
    details(request, platformAppId(request.params)),
  );
  scope.get<IdParams>("/apps/:appId/tasks", async (request) => {
    const app = readableApp(catalog(), request.params.appId, callerOf(request).username);
    const tasks = appTools(app, all).map((tool) => ({
      id: tool.id,
      name: tool.name,
      description: tool.description,
      inputs: fileParameters(app, "FileInput"),
      outputs: fileParameters(app, "FileOutput"),
    }));
    return { id: app.id, name: app.name, description: app.description, tasks };
  });
  scope.get<IdParams>("/apps/:appId/tools", async (request) => ({
    tools: appTools(readableApp(catalog(), request.params.appId, callerOf(request).username), all),
  }));
  scope.get<IdParams>("/apps/:appId/ui", async (request) =>
    editorView(writableApp(catalog(), request.params.appId, callerOf(request).username), toolsOf(all)),
  );
  scope.get<IdParams>("/apps/:appId/is-publishable", async (request) => {
    const caller = callerOf(request);
    const reason = unpublishableBecause(
      readableApp(catalog(), request.params.appId, caller.username),
      caller.username,
      all,
    );
    return reason ? { publishable: false, reason } : { publishable: true };
  });
  scope.post<IdParams>("/apps/:appId/publish", async (request) => {
    const caller = callerOf(request);
    const app = readableApp(catalog(), request.params.appId, caller.username);
    const reason = unpublishableBecause(app, caller.username, all);
    if (reason) throw badRequest(`app ${app.id} cannot be published: ${reason}`);
    const publication = bodyObject(request.body ?? {});
    if (Array.isArray(publication.references)) app.references = publication.references.map(String);
    app.is_public = true;
    app.integration_date = Date.now();
    placeInCategory(categoriesOf(all), app.id, "Beta");
    return {};
  });
  scope.post("/apps/arg-preview", async (request) => argumentPreview(request.body));
  // Unsecured: no user; only published apps are exported to anonymous callers.
  scope.get<{ Params: { appId: string } }>("/export-workflow/:appId", async (request) => {
    const app = existingApp(catalog(), request.params.appId);
    if (!app.is_public || app.deleted) throw notFound(`app ${app.id} not found`);
    return { apps: [editorView(app, toolsOf(all))] };
  });
}

/** Apps backend: details, tasks, tools, editor view, publication, argument preview and workflow export. */
export const appInformation = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) => backendScope(app, (scope) => routes(scope, all)),
});
