import type { AppRecord } from "./catalog-store.js";
import { runsInteractiveTool, type ToolsState, taskTool } from "./tools-store.js";

/** A step's resource requirements as the launch form lists them (its `requirements`, one entry a step). */
export type StepRequirements = { step_number: number } & Record<string, unknown>;

/** The container settings a step's requirements name (app_metadata.clj `get-resource-requirements-for-task`). */
const SETTINGS = [
  "memory_limit",
  "min_memory_limit",
  "min_cpu_cores",
  "max_cpu_cores",
  "min_gpus",
  "max_gpus",
  "min_disk_space",
] as const;

/** What an interactive app's step may use where its tool sets nothing (the apps service's configured defaults). */
const INTERACTIVE_DEFAULTS = { max_cpu_cores: 4, memory_limit: 16 * 2 ** 30, max_gpus: 0 };

/**
 * The requirements of one step (job_view.clj `get-step-resource-requirements`): its tool's container settings that
 * are set, its GPU models when it names any, over the defaults for an interactive app.
 */
function requirementsOf(app: AppRecord, tools: ToolsState, step_number: number): StepRequirements {
  const container: Record<string, unknown> = taskTool(app, tools)?.container ?? {};
  const settings = Object.fromEntries(
    SETTINGS.flatMap((name) =>
      container[name] === undefined || container[name] === null ? [] : [[name, container[name]]],
    ),
  );
  const gpuModels =
    Array.isArray(container.gpu_models) && container.gpu_models.length ? container.gpu_models : undefined;
  return {
    ...(runsInteractiveTool(app, tools) ? INTERACTIVE_DEFAULTS : {}),
    ...settings,
    ...(gpuModels ? { gpu_models: gpuModels } : {}),
    step_number,
  };
}

/**
 * The requirements of each step, given the app each step runs, numbered as the apps service stores an app's steps,
 * from 0 (`add-step`; a single-step app's one step is 0), which a submission's `requirements` name them by
 * (jobs/common.clj). A step whose tool sets nothing still has its entry, so the web client offers the launch form's
 * resource step for every app.
 */
export const stepRequirements = (stepApps: readonly AppRecord[], tools: ToolsState): StepRequirements[] =>
  stepApps.map((app, step) => requirementsOf(app, tools, step));

/** A submission's requested resources, named as the relaunch form's defaults (params.clj `update-resource-reqs`). */
const AS_DEFAULTS: Readonly<Record<string, string>> = {
  max_cpu_cores: "default_max_cpu_cores",
  min_cpu_cores: "default_cpu_cores",
  min_gpus: "default_gpus",
  max_gpus: "default_max_gpus",
  min_memory_limit: "default_memory",
  min_disk_space: "default_disk_space",
  gpu_models: "default_gpu_models",
};

/**
 * The requirements a relaunch form offers (params.clj `update-resources-reqs`): each step the submission requested
 * resources for, with what it requested as that step's defaults; a step it requested nothing for is left out.
 */
export function relaunchedRequirements(
  steps: StepRequirements[],
  requested: readonly Record<string, unknown>[],
): StepRequirements[] {
  return steps.flatMap((step) => {
    const request = requested.find((entry) => entry.step_number === step.step_number);
    if (!request) return [];
    const defaults = Object.entries(AS_DEFAULTS).flatMap(([from, to]) =>
      request[from] === undefined || request[from] === null ? [] : [[to, request[from]]],
    );
    return [{ ...step, ...Object.fromEntries(defaults) }];
  });
}
