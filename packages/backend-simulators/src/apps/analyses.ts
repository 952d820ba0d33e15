import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { type Caller, callerOf, queryOf } from "../framework/caller.js";
import { isJsonObject } from "../framework/json-object.js";
import { defineModule } from "../framework/module.js";
import { backendScope, badRequest, missingField } from "../framework/problems.js";
import { bodyObject, paged, queryFlag, queryText, requiredText } from "../framework/request-values.js";
import {
  type AnalysesState,
  type AnalysisRecord,
  type AnalysisStatus,
  analysesOf,
  analysisPermission,
  FINISHED,
  isFinished,
  makeAnalysesState,
  ownAnalysis,
  readableAnalysis,
  type SubmissionOptions,
} from "./analyses-store.js";
import { analysisEventsOf } from "./analysis-events.js";
import { filtersOf, matchesFilters } from "./analysis-filters.js";
import {
  AnalysisList,
  AnalysisParameters,
  AnalysisResponse,
  AnalysisStepList,
  AnalysisUpdateResponse,
  StopAnalysisResponse,
} from "./answer-schemas/analyses.js";
import { AppJobView } from "./answer-schemas/apps.js";
import { jobTypeName } from "./app-listing.js";
import { atVersion } from "./app-versions.js";
import { parameterKey, relaunchForm } from "./app-views.js";
import {
  type AppParameter,
  type AppRecord,
  catalogOf,
  existingApp,
  isImplicitOutput,
  readableApp,
} from "./catalog-store.js";
import { storedDefault } from "./parameter-views.js";
import { peerServicesOf } from "./peer-services.js";
import { outputRequestOf, resultFolderOf } from "./result-folders.js";
import { statusHistoryOf } from "./status-history.js";
import { sendStatusUpdate } from "./status-updates.js";
import { runsInternalTool, toolsOf } from "./tools-store.js";

/**
 * The status a stop sets: `job_status` (the web client's "complete and save outputs" sends `Completed`), `Canceled`
 * when not given (common-swagger-api schema/analyses.clj `StopAnalysisRequest`).
 */
function stopStatusOf(query: Record<string, unknown>): AnalysisStatus {
  const given = queryText(query, "job_status") ?? "Canceled";
  const status = FINISHED.find((finished) => finished === given);
  if (!status) throw badRequest(`job_status must be one of ${FINISHED.join(", ")}`, "ERR_ILLEGAL_ARGUMENT");
  return status;
}

type All = () => Record<string, unknown>;
type IdParams = { Params: { analysisId: string } };

/** An analysis as the listing shows it to a user: only its owner may share it. */
export function summary(analysis: AnalysisRecord, all: All, username: string) {
  const app = catalogOf(all).apps.get(analysis.app_id);
  return {
    id: analysis.id,
    name: analysis.name,
    description: analysis.description,
    app_id: analysis.app_id,
    ...(analysis.app_version_id ? { app_version_id: analysis.app_version_id } : {}),
    app_name: app?.name ?? "",
    app_description: app?.description ?? "",
    // job_listings.clj `format-job`: deprecated, always false.
    app_disabled: false,
    system_id: analysis.system_id,
    batch: false,
    can_share: analysis.username === username,
    notify: analysis.notify,
    resultfolderid: analysis.resultfolderid,
    startdate: String(analysis.startdate),
    enddate: String(analysis.enddate),
    status: analysis.status,
    username: analysis.username,
    deleted: analysis.deleted,
    interactive_urls: analysis.interactive_urls ?? [],
  };
}

/** Tells an analysis' owner, the caller, of its status as it stands. */
const announceStatus = (analysis: AnalysisRecord, all: All, owner: Caller) =>
  sendStatusUpdate(all, summary(analysis, all, owner.username), owner);

/**
 * A submission as the apps service takes it: its result folder made ready as its owner (refused, the submission fails
 * with data-info's refusal), the analysis stored, its owner told it is submitted, and the other
 * services told of it. An interactive one is launched at once here and runs: its owner is told again, as the job
 * status listener's update would have the apps service do.
 */
export function launch(analysis: AnalysisRecord, all: All, owner: Caller): void {
  peerServicesOf(all).createOutputFolder(owner.username, analysis.resultfolderid);
  analysesOf(all).analyses.set(analysis.id, analysis);
  announceStatus(analysis, all, owner);
  analysisEventsOf(all).submitted?.(analysis);
  if (analysis.status !== "Submitted") announceStatus(analysis, all, owner);
}

/**
 * Tells each analysis' owner of every status it went through, dated when it did, as the apps service did while the
 * analyses ran: how a platform whose analyses ran before it was watched has its users' notifications.
 */
export function announceHistories(all: All, ownerOf: (username: string) => Caller): void {
  for (const analysis of analysesOf(all).analyses.values()) {
    const owner = ownerOf(analysis.username);
    for (const { status, timestamp } of statusHistoryOf(analysis)) {
      const ended = isFinished(status);
      const job = {
        ...summary(analysis, all, owner.username),
        status,
        enddate: ended ? String(analysis.enddate) : "0",
      };
      sendStatusUpdate(all, job, owner, Number(timestamp));
    }
  }
}

function missingRequired(app: AppRecord, config: Record<string, unknown>): string[] {
  return app.groups
    .flatMap((group) =>
      group.parameters.map((parameter) => ({ parameter, key: parameterKey(app, group, parameter.id) })),
    )
    .filter(({ parameter }) => parameter.required && parameter.defaultValue === undefined)
    .filter(({ key }) => config[key] === undefined || config[key] === null || config[key] === "")
    .map(({ parameter }) => parameter.label || parameter.name);
}

function submit(body: unknown, caller: Caller, all: All): AnalysisRecord {
  const submission = bodyObject(body);
  // The version the submission names, else the latest (de/jobs/base.clj): its parameters are the ones checked.
  const versionId = typeof submission.app_version_id === "string" ? submission.app_version_id : undefined;
  const app = atVersion(readableApp(catalogOf(all), requiredText(submission, "app_id"), caller.username), versionId);
  if (app.disabled || app.deleted) throw badRequest(`app ${app.id} cannot be run`, "ERR_ILLEGAL_ARGUMENT");
  const config = submission.config === undefined ? {} : bodyObject(submission.config);
  const missing = missingRequired(app, config);
  if (missing.length)
    throw badRequest(`required parameters without a value: ${missing.join(", ")}`, "ERR_BAD_OR_MISSING_FIELD");
  const name = requiredText(submission, "name");
  const output = outputRequestOf(submission, requiredText(submission, "output_dir"));
  const startdate = Date.now();
  return {
    id: randomUUID(),
    name,
    description: typeof submission.description === "string" ? submission.description : "",
    app_id: app.id,
    app_version_id: app.version_id,
    system_id: app.system_id,
    username: caller.username,
    status: "Submitted",
    startdate,
    enddate: 0,
    resultfolderid: resultFolderOf(output, name, startdate),
    output,
    notify: submission.notify === true,
    config,
    options: submissionOptions(submission),
    deleted: false,
  };
}

/** What a relaunch restores of a submission besides its values, each kept when it has its schema's type. */
function submissionOptions(submission: Record<string, unknown>): SubmissionOptions {
  const { debug, mount_data_store, time_limit_seconds, requirements } = submission;
  const requested = Array.isArray(requirements) ? requirements.filter(isJsonObject) : [];
  return {
    ...(requested.length ? { requirements: requested } : {}),
    ...(typeof debug === "boolean" ? { debug } : {}),
    ...(typeof mount_data_store === "boolean" ? { mount_data_store } : {}),
    ...(Number.isSafeInteger(time_limit_seconds) ? { time_limit_seconds: time_limit_seconds as number } : {}),
  };
}

/** An analysis of an app running an interactive tool is an `Interactive` job (VICE); the others are `DE` jobs. */
function jobTypeOf(analysis: AnalysisRecord, all: All): string {
  const app = catalogOf(all).apps.get(analysis.app_id);
  return app ? jobTypeName(app, all) : "DE";
}

/** Whether an analysis ran one of the platform's own apps (an `internal` tool's), as a URL import does. */
function runsInternalApp(analysis: AnalysisRecord, all: All): boolean {
  const app = catalogOf(all).apps.get(analysis.app_id);
  return app !== undefined && runsInternalTool(app, toolsOf(all));
}

/**
 * The analyses the caller owns or was shared that pass the listing's filters and query flags (deleted ones only with
 * `include-deleted=true`, those of the platform's own apps only with `include-hidden=true`: jobs.clj).
 */
export function visibleAnalyses(
  state: AnalysesState,
  caller: Caller,
  query: Record<string, unknown>,
  all: All,
): AnalysisRecord[] {
  const filters = filtersOf(query);
  const includeDeleted = queryFlag(query, "include-deleted") === true;
  const includeHidden = queryFlag(query, "include-hidden") === true;
  return [...state.analyses.values()].filter(
    (analysis) =>
      (includeDeleted || !analysis.deleted) &&
      (includeHidden || !runsInternalApp(analysis, all)) &&
      analysisPermission(state, analysis, caller.username) !== undefined &&
      matchesFilters({ ...analysis, job_type: jobTypeOf(analysis, all) }, caller.username, filters),
  );
}

/** The fields an analysis listing sorts by (jobs.clj `translate-sort-field`); any other is refused. */
const SORT_FIELDS = ["name", "username", "app_name", "startdate", "enddate", "status"];

/**
 * A listing's sort as job_listings.clj `list-jobs` makes it: by the field named (ascending unless told), else the
 * newest first (start date, descending unless told).
 */
function listingOrder(query: Record<string, unknown>): Record<string, unknown> {
  const field = queryText(query, "sort-field");
  if (field !== undefined && !SORT_FIELDS.includes(field)) throw badRequest(`unrecognized sort field: ${field}`);
  return field === undefined && queryText(query, "sort-dir") === undefined ? { ...query, "sort-dir": "DESC" } : query;
}

function routes(scope: FastifyInstance, state: () => AnalysesState, all: All) {
  scope.get("/analyses", answers({ 200: AnalysisList }), async (request) => {
    const caller = callerOf(request);
    const query = queryOf(request);
    const found = visibleAnalyses(state(), caller, query, all).map((analysis) =>
      summary(analysis, all, caller.username),
    );
    return {
      analyses: paged(found, listingOrder(query), "startdate"),
      total: found.length,
      timestamp: String(Date.now()),
      // The apps service does not count statuses for the listing (GET /analyses/stats does).
      "status-count": null,
    };
  });
  scope.post("/analyses", answers({ 200: AnalysisResponse }), async (request) => {
    const caller = callerOf(request);
    const analysis = submit(request.body, caller, all);
    launch(analysis, all, caller);
    return { id: analysis.id, name: analysis.name, status: analysis.status, "start-date": String(analysis.startdate) };
  });
  // Deleting answers 200 without a body (the apps service's handlers return nil).
  scope.post("/analyses/shredder", answers({ 200: NoBody }), async (request, reply) => {
    const caller = callerOf(request);
    const ids = bodyObject(request.body).analyses;
    if (!Array.isArray(ids) || ids.length === 0) throw missingField("analyses");
    const analyses = ids.map((id) => ownAnalysis(state(), String(id), caller));
    for (const analysis of analyses) deleteAnalysis(analysis, all, caller);
    return reply.code(200).send();
  });
  scope.delete<IdParams>("/analyses/:analysisId", answers({ 200: NoBody }), async (request, reply) => {
    const caller = callerOf(request);
    deleteAnalysis(ownAnalysis(state(), request.params.analysisId, caller), all, caller);
    return reply.code(200).send();
  });
  scope.patch<IdParams>("/analyses/:analysisId", answers({ 200: AnalysisUpdateResponse }), async (request) => {
    const analysis = ownAnalysis(state(), request.params.analysisId, callerOf(request));
    const changes = bodyObject(request.body);
    if (typeof changes.name === "string" && changes.name.trim()) analysis.name = changes.name;
    if (typeof changes.description === "string") analysis.description = changes.description;
    return { id: analysis.id, name: analysis.name, description: analysis.description };
  });
  scope.get<IdParams>("/analyses/:analysisId/parameters", answers({ 200: AnalysisParameters }), async (request) => {
    const analysis = readableAnalysis(state(), request.params.analysisId, callerOf(request));
    const app = atVersion(existingApp(catalogOf(all), analysis.app_id), analysis.app_version_id);
    const parameters = app.groups.flatMap((group) =>
      group.parameters.flatMap((parameter) =>
        parameterRows(parameterKey(app, group, parameter.id), parameter, analysis),
      ),
    );
    return { app_id: app.id, system_id: app.system_id, parameters };
  });
  // The app's launch form (limit checks included) with the analysis's values.
  scope.get<IdParams>("/analyses/:analysisId/relaunch-info", answers({ 200: AppJobView }), async (request) => {
    const caller = callerOf(request);
    const { username } = caller;
    const analysis = readableAnalysis(state(), request.params.analysisId, caller);
    // The form of the version it ran (params.clj get-job-relaunch-info), the latest for an analysis without one.
    const app = atVersion(readableApp(catalogOf(all), analysis.app_id, username), analysis.app_version_id);
    return relaunchForm(app, analysis, username, all);
  });
  scope.get<IdParams>("/analyses/:analysisId/steps", answers({ 200: AnalysisStepList }), async (request) => {
    const analysis = readableAnalysis(state(), request.params.analysisId, callerOf(request));
    return { analysis_id: analysis.id, steps: [stepOf(analysis, all)], timestamp: String(Date.now()), total: 1 };
  });
  scope.post<IdParams>("/analyses/:analysisId/stop", answers({ 200: StopAnalysisResponse }), async (request) => {
    const caller = callerOf(request);
    const analysis = ownAnalysis(state(), request.params.analysisId, caller);
    stopAnalysis(analysis, stopStatusOf(queryOf(request)), all, caller);
    return { id: analysis.id };
  });
}

/**
 * Stops an analysis that still runs, with the status asked for; one that has finished is left as it is, and the
 * stop answers all the same (jobs.clj `stop-job*`).
 */
function stopAnalysis(analysis: AnalysisRecord, status: AnalysisStatus, all: All, caller: Caller): void {
  if (isFinished(analysis.status)) return;
  analysis.status = status;
  analysis.enddate = Date.now();
  analysisEventsOf(all).stopped?.(analysis);
  announceStatus(analysis, all, caller);
}

/** Deletes an analysis, canceling it first if it still runs (jobs.clj `delete-jobs`). */
function deleteAnalysis(analysis: AnalysisRecord, all: All, caller: Caller): void {
  stopAnalysis(analysis, "Canceled", all, caller);
  analysis.deleted = true;
}

/** A value as params.clj prints it (`format-config-values`): a selection with its display and value, else text. */
function printedValue(value: unknown): { value: unknown } {
  if (isJsonObject(value)) {
    const name = value.name ?? "";
    return { value: { ...value, display: value.display ?? name, value: value.value ?? name } };
  }
  const text = value === undefined || value === null ? "" : String(value);
  return { value: text.trim() === "" ? "" : text };
}

/**
 * A parameter's rows in `/analyses/{id}/parameters`: one per value the analysis was given (a multi-file input has
 * several), or a single row of its default when it was given none or nothing Clojure counts as a value (`false`); a
 * row is the default's when its value is the default's; none for an info text or an output the app names itself
 * (cyverse-de/apps src/apps/service/apps/jobs/params.clj get-parameter-values), under the key its launch form gave it.
 */
function parameterRows(key: string, parameter: AppParameter, analysis: AnalysisRecord) {
  if (parameter.type === "Info" || isImplicitOutput(parameter)) return [];
  const given = analysis.config[key];
  const byDefault = printedValue([storedDefault(parameter)].flat()[0]);
  const values =
    given === undefined || given === null || given === false ? [byDefault] : [given].flat().map(printedValue);
  const settings = parameter.file_parameters;
  return values.map((value) => ({
    full_param_id: key,
    param_id: parameter.id,
    param_name: parameter.label,
    param_type: parameter.type,
    param_value: value,
    is_default_value: isDeepStrictEqual(value, byDefault),
    is_visible: parameter.isVisible,
    info_type: settings?.file_info_type ?? "",
    data_format: settings?.format ?? "",
  }));
}

/** The external id of a simulated analysis' one step (the id its job runs under). */
export const externalIdOf = (analysis: AnalysisRecord) => analysis.id.replace(/-/g, "").slice(0, 16);

/**
 * The one step of a simulated analysis, as `/analyses/{id}/steps` and its history list it: its type the job type's
 * name (`DE` or `Interactive`, job_listings.clj `format-job-step`).
 */
export const stepOf = (analysis: AnalysisRecord, all: All) => ({
  step_number: 1,
  external_id: externalIdOf(analysis),
  startdate: String(analysis.startdate),
  enddate: String(analysis.enddate),
  status: analysis.status,
  app_step_number: 1,
  step_type: jobTypeOf(analysis, all),
});

/** Apps backend: analyses (submitted jobs) of the caller: listing, submission, changes, stop, relaunch. */
export const analyses = defineModule<AnalysesState>({
  makeState: makeAnalysesState,
  routes: (app, state, all) => backendScope(app, (scope) => routes(scope, state, all)),
});
