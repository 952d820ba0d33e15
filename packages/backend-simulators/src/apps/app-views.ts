import { appDates } from "./app-listing.js";
import { versionList } from "./app-versions.js";
import type { AppRecord } from "./catalog.js";
import { type ToolsState, toolView } from "./tools.js";

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
