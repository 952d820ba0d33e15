import { stableId } from "../framework/stable-id.js";
import type { SubmissionOptions } from "./analyses-store.js";
import { appDates, overallJobType } from "./app-listing.js";
import { appsOfSteps, versionList } from "./app-versions.js";
import { type AppGroup, type AppRecord, catalogOf, isDataStoreInput, isImplicitOutput } from "./catalog-store.js";
import { isInteractive, limitChecksOf } from "./limit-checks.js";
import { editorParameter, formParameter, type GenomeLookup, genomeLookup } from "./parameter-views.js";
import { peerServicesOf } from "./peer-services.js";
import { referenceGenomesOf } from "./reference-genomes.js";
import { relaunchedRequirements, stepRequirements } from "./resource-requirements.js";
import { type ToolsState, toolsOf, toolView } from "./tools-store.js";

/**
 * The id a launch form gives a step's parameter, which analysis configs key values by (job_view.clj
 * `format-parameter`: the step's row id, `_`, the parameter's). A single-step app's one step goes by the app's id
 * here; each step of a pipeline has an id of its own, so that a pipeline running one app twice asks for each step's
 * values apart. The id stays the same across the pipeline's versions, as the simulator's analyses do not keep theirs.
 */
export const parameterKey = (app: AppRecord, group: AppGroup, parameterId: string) =>
  `${app.steps ? stableId("app step", app.id, String(group.step ?? 0)) : app.id}_${parameterId}`;

/** Whether the user may launch the app now (`limit-checks.ts`), as the launch form carries it. */
type LimitChecks = { canRun: boolean; results: unknown[] };

/** Whether the user the form is for may be offered the paths (util.clj `paths-accessible?`, asking data-info). */
export type PathsAccessible = (paths: readonly string[]) => boolean;

/**
 * A parameter's value as the launch form offers it (job_view.clj `get-default-value`, params.clj `get-prop-value`):
 * an input's path or paths as `{path}` when data-info finds no fault with them, nothing otherwise (nor for an empty
 * list, which asks nothing); any other value as it is.
 */
function offeredValue(type: string, value: unknown, accessible: PathsAccessible): unknown {
  if (!isDataStoreInput(type) || value === undefined || value === null) return value;
  const paths = [value].flat().map(String);
  return paths.length > 0 && accessible(paths) ? { path: value } : undefined;
}

/**
 * What a launch form is made with besides the app: the paths check, the tools, the reference genomes, the caller's
 * limit checks if any.
 */
export interface FormContext {
  accessible: PathsAccessible;
  tools: ToolsState;
  genome: GenomeLookup;
  limitChecks?: LimitChecks;
  /** The app each step runs, in order: a pipeline's steps' apps; the app itself (its one step) when not given. */
  stepApps?: readonly AppRecord[];
}

/**
 * The launch form of an app (`GET /apps/{id}`), with the caller's limit checks when given: each parameter as
 * job_view.clj `format-parameter` shows it (an input's default as `{path}`), the groups left with none dropped, and
 * each step's resource requirements.
 */
export function jobView(app: AppRecord, { accessible, tools, genome, limitChecks, stepApps = [app] }: FormContext) {
  return {
    id: app.id,
    system_id: app.system_id,
    version: app.version,
    version_id: app.version_id,
    versions: versionList(app),
    name: app.name,
    label: app.name,
    description: app.description,
    app_type: "DE",
    deleted: app.deleted,
    disabled: app.disabled,
    ...appDates(app),
    ...(limitChecks ? { limitChecks } : {}),
    requirements: stepRequirements(stepApps, tools),
    groups: app.groups
      .map((group) => ({
        id: group.id,
        name: group.name,
        label: group.label,
        parameters: group.parameters
          // job_view.clj `get-parameters-query`: an implicit output is no question for the user.
          .filter((parameter) => !isImplicitOutput(parameter))
          .map((parameter) =>
            formParameter(
              parameter,
              parameterKey(app, group, parameter.id),
              offeredValue(parameter.type, parameter.defaultValue, accessible),
              genome,
            ),
          ),
        // The step the group asks for, as the apps service numbers steps (from 0).
        step_number: group.step ?? 0,
      }))
      .filter((group) => group.parameters.length > 0),
  };
}

/**
 * The launch form an analysis is relaunched from (params.clj `get-job-relaunch-info`), the user's launch form with
 * the submission in it: each parameter its submission gave a value gets it as both `value` and `defaultValue`; an
 * input whose paths data-info faults (one deleted since) gets neither, not even the app's own default. `debug` and
 * `mount_data_store` come from the submission (false and true when it named none), its time limit when it set one,
 * and the resources it requested as each step's defaults.
 */
export function relaunchForm(
  app: AppRecord,
  submission: { config: Record<string, unknown>; options: SubmissionOptions },
  username: string,
  all: () => Record<string, unknown>,
) {
  const form = launchForm(app, username, all);
  const accessible = pathsAccessibleTo(all, username);
  const { config, options } = submission;
  const { debug = false, mount_data_store = true, time_limit_seconds, requirements = [] } = options;
  return {
    ...form,
    debug,
    mount_data_store,
    ...(time_limit_seconds === undefined ? {} : { time_limit_seconds }),
    requirements: relaunchedRequirements(form.requirements, requirements),
    groups: form.groups.map((group) => ({
      ...group,
      parameters: group.parameters.map((parameter) => {
        if (!(parameter.id in config)) return parameter;
        const { defaultValue: _appDefault, ...rest } = parameter;
        const value = offeredValue(parameter.type, config[parameter.id], accessible);
        return value === undefined || value === null ? rest : { ...rest, value, defaultValue: value };
      }),
    })),
  };
}

/** The longest initial time limit a VICE analysis may ask for (the apps service's default: 30 days). */
const VICE_MAX_INITIAL_TIME_LIMIT_SECONDS = 30 * 24 * 60 * 60;

/** The paths check the apps service makes for one user, of data-info (the platform's file-info simulator). */
export const pathsAccessibleTo =
  (all: () => Record<string, unknown>, username: string): PathsAccessible =>
  (paths) =>
    peerServicesOf(all).pathsAccessible(username, paths);

/** The app each of the app's steps runs: a pipeline's steps' (by their tasks), a single-step app's own. */
function stepAppsOf(app: AppRecord, all: () => Record<string, unknown>): AppRecord[] {
  if (!app.steps) return [app];
  return appsOfSteps(app.steps, catalogOf(all).apps.values()).flatMap((stepApp) => stepApp ?? []);
}

/**
 * The launch form as the apps service answers it to one user (src/apps/service/apps/de/job_view.clj): with the
 * user's limit checks, the app's overall job type and, for an interactive app, the longest initial time limit.
 */
export function launchForm(app: AppRecord, username: string, all: () => Record<string, unknown>) {
  return {
    ...jobView(app, {
      accessible: pathsAccessibleTo(all, username),
      tools: toolsOf(all),
      genome: genomeLookup(referenceGenomesOf(all)),
      limitChecks: limitChecksOf(app, username, all),
      stepApps: stepAppsOf(app, all),
    }),
    overall_job_type: overallJobType(app, all),
    ...(isInteractive(app, all) ? { max_time_limit_seconds: VICE_MAX_INITIAL_TIME_LIMIT_SECONDS } : {}),
  };
}

/** The app as the app editor loads it (`GET /apps/{id}/ui`, and what saving it answers): edit.clj `format-app-for-editing`. */
export function editorView(app: AppRecord, all: () => Record<string, unknown>) {
  const tools = toolsOf(all);
  const genome = genomeLookup(referenceGenomesOf(all));
  return {
    id: app.id,
    name: app.name,
    description: app.description,
    version: app.version,
    ...appDates(app),
    version_id: app.version_id,
    versions: versionList(app),
    references: app.references,
    tools: app.tool_ids.flatMap((id) => {
      const tool = tools.tools.get(id);
      return tool ? [toolView(tool)] : [];
    }),
    // A pipeline's group keeps its step for the launch form; the editor's view has no such field.
    groups: app.groups.map(({ step: _step, ...group }) => ({
      ...group,
      parameters: group.parameters.map((parameter) => editorParameter(parameter, genome)),
    })),
    system_id: app.system_id,
  };
}
