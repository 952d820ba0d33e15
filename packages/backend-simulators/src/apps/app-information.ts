import type { FastifyInstance, FastifyRequest } from "fastify";
import { answers } from "../framework/answers.js";
import { callerOf } from "../framework/caller.js";
import { defineModule } from "../framework/module.js";
import { backendScope, notFound } from "../framework/problems.js";
import {
  AdminAppDetails,
  App,
  AppDetails,
  AppListing,
  AppPublishableResponse,
  AppTaskListing,
  AppToolListing,
  ArgumentPreview,
} from "./answer-schemas/apps.js";
import { listingDetail } from "./app-listing.js";
import { versionDocumentation } from "./app-metadata.js";
import { type AppRef, appRoutes } from "./app-paths.js";
import { appOfTask, atVersion, taskIdOf, versionList } from "./app-versions.js";
import { editorView } from "./app-views.js";
import { argumentPreview } from "./argument-preview.js";
import {
  type AppRecord,
  catalogOf,
  existingApp,
  isInput,
  isOutput,
  ownedApp,
  readableApp,
  writableApp,
} from "./catalog-store.js";
import { categoriesOf, categoriesOfApp } from "./categories-store.js";
import { detailsJobStats } from "./job-stats.js";
import { workspaceOf } from "./login.js";
import { systemOf } from "./systems.js";
import { taskTool, toolDetails, toolPermission, toolsOf, toolView } from "./tools-store.js";

type All = () => Record<string, unknown>;

function appTools(app: AppRecord, all: All) {
  return app.tool_ids.flatMap((id) => {
    const tool = toolsOf(all).tools.get(id);
    return tool ? [toolView(tool)] : [];
  });
}

/**
 * Why an app cannot be published yet, or undefined when it can (validation.clj `app-publishable?`): it is public
 * already, or it runs a private tool the user does not own (an administrator may publish those; publishing makes
 * them public). Whether the caller owns the app is checked before (`ownedApp`, 403).
 */
export function unpublishableBecause(app: AppRecord, username: string, all: All, admin = false): string | undefined {
  if (app.is_public) return "app is already public";
  const tools = toolsOf(all);
  const unpublishable = (id: string) => {
    const tool = tools.tools.get(id);
    return tool && !tool.is_public && toolPermission(tools, tool, username) !== "own";
  };
  if (!admin && app.tool_ids.some(unpublishable)) return "contains unpublishable tools";
  return undefined;
}

/**
 * A task's file parameters of one kind, as listings.clj `with-task-params` lists them: inputs are every parameter
 * whose value is an input (reference inputs too), outputs every output, each labelled by its default name if it has
 * one (`format-task-output`).
 */
function fileParameters(app: AppRecord, kind: "inputs" | "outputs") {
  return app.groups
    .flatMap((group) => group.parameters)
    .filter(({ type }) => (kind === "outputs" ? isOutput(type) : isInput(type)))
    .map(({ id, name, description, label, required, defaultValue, file_parameters }) => ({
      id,
      name,
      description,
      label: kind === "outputs" && typeof defaultValue === "string" && defaultValue.trim() ? defaultValue : label,
      format: file_parameters?.format ?? "Unspecified",
      required,
    }));
}

/**
 * The task a single-step app's version runs, as task listings and pipelines show it (listings.clj `format-task`):
 * named and described as the app, with its tool and its file inputs and outputs.
 */
export function appTask(app: AppRecord, all: All, username: string) {
  const tools = toolsOf(all);
  const tool = taskTool(app, tools);
  return {
    system_id: app.system_id,
    id: taskIdOf(app),
    name: app.name,
    description: app.description,
    ...(tool ? { tool: toolDetails(tools, tool, username) } : {}),
    inputs: fileParameters(app, "inputs"),
    outputs: fileParameters(app, "outputs"),
  };
}

/** An app's tasks: a single-step app's one, a pipeline's each step's in order of the steps (each once). */
export function appTasks(app: AppRecord, all: All, username: string) {
  if (!app.steps) return [appTask(app, all, username)];
  const taskIds = [...new Set(app.steps.map((step) => step.task_id))];
  return taskIds.flatMap((taskId) => {
    const task = appOfTask(catalogOf(all).apps.values(), taskId);
    return task ? [appTask(task, all, username)] : [];
  });
}

/**
 * An app's details (`…/details`) at one version, as one user sees it (listings.clj `format-app-details`): its listing
 * entry with tools, categories and launch statistics; administrators also see the counts of every analysis, the
 * version's documentation and its extra settings (`format-app-extra-info`).
 */
export function appDetails(app: AppRecord, username: string, all: All, admin = false) {
  const { wiki_url, ...listed } = listingDetail(app, username, all);
  const documentation = versionDocumentation(all, app.version_id);
  return {
    ...listed,
    // Documentation written in the platform takes the wiki page's place (`format-wiki-url`).
    ...(wiki_url && !documentation ? { wiki_url } : {}),
    versions: versionList(app),
    tools: appTools(app, all),
    references: app.references,
    job_stats: detailsJobStats(app.id, all, admin),
    ...(admin && documentation ? { documentation } : {}),
    ...(admin && app.htcondor_extra ? { extra: { htcondor: { extra_requirements: app.htcondor_extra } } } : {}),
    categories: categoriesOfApp(categoriesOf(all), app.id),
    suggested_categories: [],
  };
}

function routes(scope: FastifyInstance, all: All) {
  const catalog = () => catalogOf(all);
  const readable = (request: FastifyRequest, { appId, versionId }: AppRef) =>
    atVersion(readableApp(catalog(), appId, callerOf(request).username), versionId);
  const everyPath = { versions: true };
  appRoutes(scope, "GET", "/details", { ...everyPath, answers: { 200: AppDetails } }, async (request, ref) => {
    const app = readable(request, ref);
    const { username } = callerOf(request);
    workspaceOf(all, username);
    return appDetails(app, username, all);
  });
  appRoutes(
    scope,
    "GET",
    "/details",
    { base: "/admin/apps", versions: true, answers: { 200: AdminAppDetails } },
    async (request, { appId, versionId }) => {
      const app = atVersion(existingApp(catalog(), appId), versionId);
      const { username } = callerOf(request);
      workspaceOf(all, username);
      return appDetails(app, username, all, true);
    },
  );
  appRoutes(scope, "GET", "/listing", { answers: { 200: AppListing } }, async (request, ref) => {
    const app = readable(request, ref);
    const { username } = callerOf(request);
    workspaceOf(all, username);
    return { total: 1, apps: [listingDetail(app, username, all)] };
  });
  appRoutes(scope, "GET", "/tasks", { ...everyPath, answers: { 200: AppTaskListing } }, async (request, ref) => {
    const app = readable(request, ref);
    return {
      id: app.id,
      name: app.name,
      description: app.description,
      tasks: appTasks(app, all, callerOf(request).username),
    };
  });
  appRoutes(scope, "GET", "/tools", { ...everyPath, answers: { 200: AppToolListing } }, async (request, ref) => ({
    tools: appTools(readable(request, ref), all),
  }));
  appRoutes(scope, "GET", "/ui", { ...everyPath, answers: { 200: App } }, async (request, { appId, versionId }) =>
    editorView(atVersion(writableApp(catalog(), appId, callerOf(request).username), versionId), all),
  );
  const publishable = { answers: { 200: AppPublishableResponse } };
  appRoutes(scope, "GET", "/is-publishable", publishable, async (request, ref) => {
    const caller = callerOf(request);
    const app = ownedApp(catalog(), readable(request, ref).id, caller.username);
    const reason = unpublishableBecause(app, caller.username, all);
    return reason ? { publishable: false, reason } : { publishable: true };
  });
  const preview = answers({ 200: ArgumentPreview });
  scope.post<{ Params: { systemId: string } }>("/apps/:systemId/arg-preview", preview, async (request) => {
    systemOf(request.params.systemId);
    callerOf(request);
    return argumentPreview(request.body);
  });
  // Unsecured: no user; only published apps are exported to anonymous callers.
  scope.get<{ Params: { appId: string } }>("/export-workflow/:appId", async (request) => {
    const app = existingApp(catalog(), request.params.appId);
    if (!app.is_public || app.deleted) throw notFound(`app ${app.id} not found`);
    return { apps: [editorView(app, all)] };
  });
}

/** Apps backend: details, listing, tasks, tools, editor view, publishability, argument preview and workflow export. */
export const appInformation = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) => backendScope(app, (scope) => routes(scope, all)),
});
