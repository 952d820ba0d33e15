import { DEFAULT_CONCURRENT_JOBS } from "../analyses/job-limits.js";
import { analysesOf } from "./analyses-store.js";
import { type AppRecord, catalogOf } from "./catalog-store.js";
import { toolsOf } from "./tools-store.js";

type All = () => Record<string, unknown>;

/** The statuses of analyses that no longer run (the apps service's `completed-status-codes`). */
const COMPLETED = new Set(["Completed", "Failed", "Canceled"]);

/** Whether an app runs an interactive (VICE) tool: its job type is `interactive`. */
export const isInteractive = (app: AppRecord, all: All) =>
  app.tool_ids.some((id) => toolsOf(all).tools.get(id)?.interactive === true);

/** The user's VICE analyses that have not finished (what the apps service counts against the limit). */
function runningViceAnalyses(username: string, all: All): number {
  const apps = catalogOf(all).apps;
  return [...analysesOf(all).analyses.values()].filter((analysis) => {
    const app = apps.get(analysis.app_id);
    return analysis.username === username && !COMPLETED.has(analysis.status) && app && isInteractive(app, all);
  }).length;
}

/**
 * Whether the user may launch the app now, as the apps service's limit checks say (cyverse-de/apps
 * src/apps/service/apps/de/limits.clj): only interactive apps are checked, against the number of the user's VICE
 * analyses still running and the concurrent job limit (the platform's default here; users' own limits live in the
 * analyses service). `{canRun, results}`, each failed check with its reason codes.
 */
export function limitChecksOf(app: AppRecord, username: string, all: All) {
  if (!isInteractive(app, all)) return { canRun: true, results: [] };
  const runningJobs = runningViceAnalyses(username, all);
  const maxJobs = DEFAULT_CONCURRENT_JOBS;
  const reached = maxJobs <= runningJobs;
  const results = reached
    ? [
        {
          limitCheckID: "CONCURRENT_VICE_ANALYSES",
          reasonCodes: ["ERR_LIMIT_REACHED"],
          additionalInfo: { runningJobs, maxJobs, usingDefaultSetting: true, pendingRequest: null },
        },
      ]
    : [];
  return { canRun: !reached, results };
}
