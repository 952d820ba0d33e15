import { badRequest } from "../framework/problems.js";
import { queryText } from "../framework/request-values.js";
import { type AnalysisRecord, analysesOf } from "./analyses-store.js";

type All = () => Record<string, unknown>;

/** The window an administrator's listing counts analyses in (`start_date`, `end_date`), by when they ended. */
export interface EndedWithin {
  from?: number;
  to?: number;
}

/** A date query parameter as the service's schema coerces it: an ISO 8601 date or date and time. */
function queryDate(query: Record<string, unknown>, name: string): number | undefined {
  const text = queryText(query, name);
  if (text === undefined) return undefined;
  const date = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) throw badRequest(`${name} must be a date`, "ERR_ILLEGAL_ARGUMENT");
  return date;
}

/** apps.clj `AppSearchParams`' `start_date` and `end_date`, as util/db.clj `add-date-limits-where-clause` applies them. */
export const endedWithin = (query: Record<string, unknown>): EndedWithin => ({
  from: queryDate(query, "start_date"),
  to: queryDate(query, "end_date"),
});

function analysesOfApp(appId: string, all: All, { from, to }: EndedWithin = {}) {
  const ended = (analysis: AnalysisRecord) =>
    (from === undefined || analysis.enddate >= from) && (to === undefined || analysis.enddate <= to);
  const limited = from !== undefined || to !== undefined;
  return [...analysesOf(all).analyses.values()].filter(
    (analysis) => analysis.app_id === appId && (!limited || (analysis.enddate > 0 && ended(analysis))),
  );
}

const latest = (times: number[]) => (times.length ? new Date(Math.max(...times)).toISOString() : undefined);

/**
 * An app's launch statistics as its details show them (persistence/jobs.clj `get-public-job-stats`, and
 * `get-job-stats` for administrators): every analysis of the app counts, whoever ran it and deleted or not.
 */
export function detailsJobStats(appId: string, all: All, admin: boolean) {
  const analyses = analysesOfApp(appId, all);
  const completed = analyses.filter((analysis) => analysis.status === "Completed");
  const lastCompleted = latest(completed.map((analysis) => analysis.enddate));
  return {
    job_count_completed: completed.length,
    ...(lastCompleted ? { job_last_completed: lastCompleted } : {}),
    ...(admin ? adminCounts(analyses) : {}),
    ...(admin && analyses.length ? { last_used: latest(analyses.map((analysis) => analysis.startdate)) } : {}),
  };
}

const adminCounts = (analyses: AnalysisRecord[]) => ({
  job_count: analyses.length,
  job_count_failed: analyses.filter((analysis) => analysis.status === "Failed").length,
});

/**
 * An app's counts in an administrator's listing (persistence/app_listing.clj `get-apps-for-admin`): only the
 * counts, within the listing's dates; the dates of last use are left out there, as the apps service leaves them.
 */
export function listingJobStats(appId: string, all: All, window: EndedWithin) {
  const analyses = analysesOfApp(appId, all, window);
  return {
    job_count_completed: analyses.filter((analysis) => analysis.status === "Completed").length,
    ...adminCounts(analyses),
  };
}
