import { analysesOf, isFinished } from "./analyses-store.js";
import { type AppRecord, catalogOf } from "./catalog-store.js";
import { peerServicesOf } from "./peer-services.js";
import { runsInteractiveTool, toolsOf } from "./tools-store.js";

type All = () => Record<string, unknown>;

/** Whether an app runs an interactive (VICE) tool (`runsInteractiveTool`), from the backend's state. */
export const isInteractive = (app: AppRecord, all: All) => runsInteractiveTool(app, toolsOf(all));

/** The user's VICE analyses that have not finished (what the apps service counts against the limit). */
function runningViceAnalyses(username: string, all: All): number {
  const apps = catalogOf(all).apps;
  return [...analysesOf(all).analyses.values()].filter((analysis) => {
    const app = apps.get(analysis.app_id);
    return analysis.username === username && !isFinished(analysis.status) && app && isInteractive(app, all);
  }).length;
}

/** The backend's `(seq requests)`: the list, or null when it is empty. */
const pendingOrNull = (requests: Record<string, unknown>[]) => (requests.length ? requests : null);

/** Why a user may not launch another interactive analysis, as limits.clj decides, if they may not. */
function refusal(maxJobs: number, usingDefault: boolean, runningJobs: number): string | undefined {
  if (maxJobs <= 0) return usingDefault ? "ERR_PERMISSION_NEEDED" : "ERR_FORBIDDEN";
  return maxJobs <= runningJobs ? "ERR_LIMIT_REACHED" : undefined;
}

/**
 * Whether the user may launch the app now, as the apps service's limit checks say (cyverse-de/apps
 * src/apps/service/apps/de/limits.clj): only interactive apps are checked, against the number of the user's VICE
 * analyses still running and the user's concurrent job limit, which it asks of the analyses service (the platform's
 * default unless an administrator set the user's own). A limit of 0 refuses every launch: `ERR_PERMISSION_NEEDED`
 * when it is the default (the user has to ask for access), `ERR_FORBIDDEN` when it is the user's own. A refusal names
 * the user's VICE access requests not yet decided, which it asks of the requests service (`pendingRequest`: the list,
 * or null without one), so that the web client tells a user who already asked to wait. `{canRun, results}`.
 */
export function limitChecksOf(app: AppRecord, username: string, all: All) {
  if (!isInteractive(app, all)) return { canRun: true, results: [] };
  const runningJobs = runningViceAnalyses(username, all);
  const peers = peerServicesOf(all);
  const limit = peers.concurrentJobLimit(username);
  const reason = refusal(limit.concurrent_jobs, limit.is_default, runningJobs);
  if (!reason) return { canRun: true, results: [] };
  const additionalInfo = {
    runningJobs,
    maxJobs: limit.concurrent_jobs,
    usingDefaultSetting: limit.is_default,
    pendingRequest: pendingOrNull(peers.openViceRequests(username)),
  };
  return {
    canRun: false,
    results: [{ limitCheckID: "CONCURRENT_VICE_ANALYSES", reasonCodes: [reason], additionalInfo }],
  };
}
