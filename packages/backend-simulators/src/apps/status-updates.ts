import type { Caller } from "../framework/caller.js";
import { isFinished } from "./analyses-store.js";
import { catalogOf } from "./catalog-store.js";
import { peerServicesOf } from "./peer-services.js";
import { toolsOf } from "./tools-store.js";

type All = () => Record<string, unknown>;

/** An analysis as the backend's listing shows it (`summary` in analyses.ts): what a status update carries. */
export interface JobInfo {
  id: string;
  name: string;
  description: string;
  app_id: string;
  status: string;
  startdate: string;
  notify: boolean;
  resultfolderid: string;
  interactive_urls: string[];
  [field: string]: unknown;
}

/** The statuses a user who asked to be told is also mailed about (`emailable-job-statuses`). */
const MAILED = new Set(["Completed", "Failed", "ImpendingCancellation"]);

/**
 * The notification type of an app's analyses: its tools' (the tool types' `notification_type`, `data` for the DE's
 * internal tools and `analysis` for every other), `analysis` when it has none.
 */
function notificationTypeOf(all: All, appId: string): string {
  const toolIds = catalogOf(all).apps.get(appId)?.tool_ids ?? [];
  const first = toolIds.map((id) => toolsOf(all).tools.get(id)).find((tool) => tool !== undefined);
  return first?.type === "internal" ? "data" : "analysis";
}

/** Epoch milliseconds as clj-time's `date-time` formatter writes them; blank for none (`format-timestamp`). */
function formatTimestamp(millis: string): string {
  return millis === "" || millis === "0" ? "" : new Date(Number(millis)).toISOString();
}

/**
 * Tells the analysis' owner of its status, as cyverse-de/apps does when one is submitted, changes or is stopped
 * (`clients/notifications.clj` format-job-status-update): the listing entry as the payload, with the fields the
 * notification templates read, mailed for a finished analysis whose owner asked. A running interactive analysis's
 * update carries its address (`send-interactive-job-status-update`). A refusal is logged there and forgotten. `at`
 * dates an update that happened before now (a seeded analysis' history).
 */
export function sendStatusUpdate(all: All, job: JobInfo, owner: Caller, at?: number): void {
  const accessUrl = isFinished(job.status) ? undefined : job.interactive_urls[0];
  const payload = {
    ...job,
    ...(accessUrl ? { access_url: accessUrl } : {}),
    analysisname: job.name,
    analysisdescription: job.description,
    analysisstatus: job.status,
    analysisstartdate: formatTimestamp(job.startdate),
    analysisresultsfolder: job.resultfolderid,
    email_address: owner.email,
    action: "job_status_change",
    user: owner.username,
  };
  try {
    peerServicesOf(all).notificationAgent(
      {
        type: notificationTypeOf(all, job.app_id),
        user: owner.username,
        subject: `${job.name} status changed.`,
        message: `${job.name} ${job.status.toLowerCase()}`,
        email: job.notify && MAILED.has(job.status),
        email_template: "analysis_status_change",
        payload,
      },
      at,
    );
  } catch {
    // `guarded-send-notification`: the analysis goes on whether or not its owner could be told.
  }
}
