import { appDates, overallJobType } from "./app-listing.js";
import { versionList } from "./app-versions.js";
import type { AppRecord } from "./catalog-store.js";
import { isInteractive, limitChecksOf } from "./limit-checks.js";
import { type ToolsState, toolView } from "./tools-store.js";

/** Launch-form parameter ids join the step and the parameter id, as analysis configs key them. */
export const parameterKey = (app: AppRecord, parameterId: string) => `${app.id}_${parameterId}`;

/** Whether the user may launch the app now (`limit-checks.ts`), as the launch form carries it. */
type LimitChecks = { canRun: boolean; results: unknown[] };

/**
 * The launch form of an app (`GET /apps/{id}`), optionally with values filled in from an earlier
 * submission's config (relaunch, quick launches), and with the caller's limit checks when given.
 */
export function jobView(app: AppRecord, values: Record<string, unknown> = {}, limitChecks?: LimitChecks) {
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
    groups: app.groups.map((group) => ({
      ...group,
      step_number: 1,
      parameters: group.parameters.map((parameter) => {
        const key = parameterKey(app, parameter.id);
        const value = key in values ? values[key] : parameter.defaultValue;
        return { ...parameter, id: key, ...(value === undefined ? {} : { defaultValue: value }) };
      }),
    })),
  };
}

/** The longest initial time limit a VICE analysis may ask for (the apps service's default: 30 days). */
const VICE_MAX_INITIAL_TIME_LIMIT_SECONDS = 30 * 24 * 60 * 60;

/**
 * The launch form as the apps service answers it to one user (src/apps/service/apps/de/job_view.clj): with the
 * user's limit checks, the app's overall job type and, for an interactive app, the longest initial time limit.
 */
export function launchForm(
  app: AppRecord,
  username: string,
  all: () => Record<string, unknown>,
  values: Record<string, unknown> = {},
) {
  return {
    ...jobView(app, values, limitChecksOf(app, username, all)),
    overall_job_type: overallJobType(app, all),
    ...(isInteractive(app, all) ? { max_time_limit_seconds: VICE_MAX_INITIAL_TIME_LIMIT_SECONDS } : {}),
  };
}

/** The app as the app editor loads it (`GET /apps/{id}/ui`). */
export function editorView(app: AppRecord, tools: ToolsState) {
  return {
    id: app.id,
    version: app.version,
    version_id: app.version_id,
    versions: versionList(app),
    name: app.name,
    description: app.description,
    ...appDates(app),
    references: app.references,
    tools: app.tool_ids.flatMap((id) => {
      const tool = tools.tools.get(id);
      return tool ? [toolView(tool)] : [];
    }),
    groups: app.groups,
  };
}
