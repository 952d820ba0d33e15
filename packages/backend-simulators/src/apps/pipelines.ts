import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { type Caller, callerOf } from "../framework/caller.js";
import { objectFields } from "../framework/json-object.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, missingField, notFound } from "../framework/problems.js";
import { bodyObject, requiredText } from "../framework/request-values.js";
import { Pipeline } from "./answer-schemas/apps.js";
import { newPrivateApp } from "./app-definitions.js";
import { appTasks } from "./app-information.js";
import { appDates } from "./app-listing.js";
import { addVersion, appOfTask, appsOfSteps, atVersion, changeVersion, versionList } from "./app-versions.js";
import {
  type AppGroup,
  type AppRecord,
  type CatalogState,
  catalogOf,
  type PipelineStep,
  readableApp,
  writableApp,
} from "./catalog-store.js";
import { workspaceOf } from "./login.js";

type IdParams = { Params: { appId: string } };
type All = () => Record<string, unknown>;

/** Every pipeline route answers the pipeline. */
const pipelineAnswers = answers({ 200: Pipeline });

function stepsFrom(
  value: unknown,
  catalog: CatalogState,
  caller: Caller,
): { steps: PipelineStep[]; apps: AppRecord[] } {
  if (!Array.isArray(value) || value.length === 0) throw missingField("steps");
  // The service keeps a step's task only; its name and description are the task's.
  const steps = value.map((raw) => ({ task_id: requiredText(bodyObject(raw), "task_id") }));
  // A step names the task of an app's version, as that app's task listing gives it (`GET /apps/de/{id}/tasks`).
  const apps = steps.map((step) => {
    const app = appOfTask(catalog.apps.values(), step.task_id);
    if (!app) throw notFound(`task ${step.task_id} not found`);
    readableApp(catalog, app.id, caller.username);
    return app;
  });
  return { steps, apps };
}

/** validation.clj `validate-pipeline`: two steps at least, and an output of one mapped to an input of another. */
function refuseIncomplete(steps: unknown[], mappings: unknown[]) {
  if (steps.length < 2)
    throw badRequest("Cannot save a workflow with less than 2 steps defined.", "ERR_BAD_OR_MISSING_FIELD");
  if (mappings.length < 1)
    throw badRequest("Cannot save a workflow without input->output mappings defined.", "ERR_BAD_OR_MISSING_FIELD");
}

/** The pipeline fields of an app record, from a pipeline definition. */
function pipelineFields(body: unknown, catalog: CatalogState, caller: Caller) {
  const definition = bodyObject(body);
  const mappings = Array.isArray(definition.mappings) ? definition.mappings : [];
  if (Array.isArray(definition.steps)) refuseIncomplete(definition.steps, mappings);
  const { steps, apps } = stepsFrom(definition.steps, catalog, caller);
  return {
    name: requiredText(definition, "name"),
    description: typeof definition.description === "string" ? definition.description : "",
    steps,
    mappings,
    tool_ids: [...new Set(apps.flatMap((app) => app.tool_ids))],
    groups: apps.flatMap((app, step) => stepGroups(app, step, mappedInputs(mappings, step))),
  };
}

/** The inputs of a step that an earlier step's output feeds (each mapping's `map` is keyed by the input's id). */
function mappedInputs(mappings: unknown[], step: number): Set<string> {
  const into = mappings.map(objectFields).filter((mapping) => mapping.target_step === step);
  return new Set(into.flatMap((mapping) => Object.keys(objectFields(mapping.map))));
}

/**
 * A step's parameter groups as the pipeline's launch form shows them (job_view.clj `format-steps`): named after the
 * step's app, numbered by the step, without the inputs an earlier step feeds.
 */
const stepGroups = (app: AppRecord, step: number, mapped: Set<string>): AppGroup[] =>
  app.groups.map((group) => ({
    ...group,
    step,
    name: `${app.name} - ${group.name}`,
    label: `${app.name} - ${group.label}`,
    parameters: group.parameters.filter((parameter) => !mapped.has(parameter.id)),
  }));

/** A pipeline as the backend answers it (`Pipeline`): its steps, their tasks and the mappings between them. */
function pipelineView(app: AppRecord, all: All, username: string) {
  const steps = app.steps ?? [];
  const tasks = appsOfSteps(steps, catalogOf(all).apps.values());
  return {
    id: app.id,
    system_id: app.system_id,
    version: app.version,
    version_id: app.version_id,
    versions: versionList(app),
    name: app.name,
    description: app.description,
    ...appDates(app),
    tasks: appTasks(app, all, username),
    // pipeline_edit.clj `format-step`: each step as its task is named and described.
    steps: steps.map(({ task_id }, index) => {
      const task = tasks[index];
      return { name: task?.name ?? "", description: task?.description ?? "", system_id: "de", task_id, app_type: "DE" };
    }),
    mappings: app.mappings ?? [],
  };
}

function pipeline(app: AppRecord): AppRecord {
  if (!app.steps) throw badRequest(`app ${app.id} is not a pipeline`);
  return app;
}

/** A new pipeline, put in the caller's "Apps under development" (in their workspace) as a new app is. */
function created(all: All, caller: Caller, fields: ReturnType<typeof pipelineFields>): AppRecord {
  workspaceOf(all, caller.username);
  const app = newPrivateApp(caller, fields);
  catalogOf(all).apps.set(app.id, app);
  return app;
}

type VersionParams = { Params: { appId: string; versionId: string } };

/** Pipeline versions: as app versions, each with its own steps. */
function versionRoutes(scope: FastifyInstance, all: All) {
  const editable = (appId: string, caller: Caller) => {
    const existing = pipeline(writableApp(catalogOf(all), appId, caller.username));
    if (existing.is_public) throw badRequest(`pipeline ${existing.id} is public`, "ERR_NOT_WRITEABLE");
    return existing;
  };
  scope.post<IdParams>("/apps/pipelines/:appId/versions", pipelineAnswers, async (request) => {
    const caller = callerOf(request);
    const existing = editable(request.params.appId, caller);
    const version = requiredText(bodyObject(request.body), "version");
    const { steps, mappings, tool_ids, groups } = pipelineFields(request.body, catalogOf(all), caller);
    const content = { version, steps, mappings, tool_ids, groups, references: [], disabled: false };
    return pipelineView(
      addVersion(existing, { ...content, edited_date: Date.now(), integration_date: 0 }),
      all,
      caller.username,
    );
  });
  scope.put<VersionParams>("/apps/pipelines/:appId/versions/:versionId", pipelineAnswers, async (request) => {
    const caller = callerOf(request);
    const existing = editable(request.params.appId, caller);
    const { name, description, ...versioned } = pipelineFields(request.body, catalogOf(all), caller);
    Object.assign(existing, { name, description });
    const version = changeVersion(existing, request.params.versionId, (edited) =>
      Object.assign(edited, versioned, { edited_date: Date.now() }),
    );
    return pipelineView(version, all, caller.username);
  });
  scope.post<VersionParams>("/apps/pipelines/:appId/versions/:versionId/copy", pipelineAnswers, async (request) => {
    const caller = callerOf(request);
    const original = readableApp(catalogOf(all), request.params.appId, caller.username);
    const {
      description,
      steps = [],
      mappings = [],
      tool_ids,
      groups,
    } = structuredClone(atVersion(pipeline(original), request.params.versionId));
    const fields = { name: `Copy of ${original.name}`, description, steps, mappings, tool_ids, groups };
    return pipelineView(created(all, caller, fields), all, caller.username);
  });
  scope.get<VersionParams>("/apps/pipelines/:appId/versions/:versionId/ui", pipelineAnswers, async (request) => {
    const { username } = callerOf(request);
    const app = pipeline(writableApp(catalogOf(all), request.params.appId, username));
    return pipelineView(atVersion(app, request.params.versionId), all, username);
  });
}

/** Apps backend: pipelines (apps made of other apps run in sequence). */
export const pipelines = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    backendScope(app, (scope) => {
      scope.post("/apps/pipelines", pipelineAnswers, async (request) => {
        const caller = callerOf(request);
        return pipelineView(
          created(all, caller, pipelineFields(request.body, catalogOf(all), caller)),
          all,
          caller.username,
        );
      });
      scope.put<IdParams>("/apps/pipelines/:appId", pipelineAnswers, async (request) => {
        const caller = callerOf(request);
        const existing = pipeline(writableApp(catalogOf(all), request.params.appId, caller.username));
        if (existing.is_public) throw badRequest(`pipeline ${existing.id} is public`, "ERR_NOT_WRITEABLE");
        Object.assign(existing, pipelineFields(request.body, catalogOf(all), caller), { edited_date: Date.now() });
        return pipelineView(existing, all, caller.username);
      });
      scope.post<IdParams>("/apps/pipelines/:appId/copy", pipelineAnswers, async (request) => {
        const caller = callerOf(request);
        const original = pipeline(readableApp(catalogOf(all), request.params.appId, caller.username));
        const { description, steps = [], mappings = [], tool_ids, groups } = structuredClone(original);
        const fields = { name: `Copy of ${original.name}`, description, steps, mappings, tool_ids, groups };
        return pipelineView(created(all, caller, fields), all, caller.username);
      });
      scope.get<IdParams>("/apps/pipelines/:appId/ui", pipelineAnswers, async (request) => {
        const { username } = callerOf(request);
        return pipelineView(pipeline(writableApp(catalogOf(all), request.params.appId, username)), all, username);
      });
      versionRoutes(scope, all);
    }),
});
