import type { Caller } from "../framework/caller.js";
import { forbidden, notFound } from "../framework/problems.js";
import type { OutputRequest } from "./result-folders.js";
import { seedAnalyses } from "./seed-analyses.js";

export type AnalysisStatus = "Submitted" | "Running" | "Completed" | "Failed" | "Canceled";

/** The statuses of an analysis that has ended (`completed-status-codes` of the apps service's persistence/jobs.clj). */
export const FINISHED: readonly AnalysisStatus[] = ["Completed", "Failed", "Canceled"];

export const isFinished = (status: string): boolean => FINISHED.some((finished) => finished === status);

/** The part of a submission a relaunch restores beside its parameters' values. */
export interface SubmissionOptions {
  debug?: boolean;
  mount_data_store?: boolean;
  time_limit_seconds?: number;
  /** The resources requested for each step (`{step_number, min_cpu_cores, …}`). */
  requirements?: Record<string, unknown>[];
}

/** An analysis (a job run of an app) as the apps backend keeps it. */
export interface AnalysisRecord {
  id: string;
  name: string;
  description: string;
  app_id: string;
  /** The app version it ran (the submission's, else the latest then); none for analyses older than versions. */
  app_version_id?: string;
  system_id: string;
  username: string;
  status: AnalysisStatus;
  startdate: number;
  enddate: number;
  resultfolderid: string;
  /** The submission's `output_dir` and `create_output_subdir`, from which `resultfolderid` was made. */
  output: OutputRequest;
  notify: boolean;
  config: Record<string, unknown>;
  /** What else of the submission a relaunch restores: debug mode, the data store mounted, its time limit, resources. */
  options: SubmissionOptions;
  deleted: boolean;
  /** An interactive analysis's address in the browser, known once app-exposer has launched it. */
  interactive_urls?: string[];
}

export type AnalysisPermission = "read" | "write" | "own";

export interface AnalysesState {
  analyses: Map<string, AnalysisRecord>;
  /** Who each analysis is shared with: analysis id → username → permission. */
  shares: Map<string, Map<string, AnalysisPermission>>;
}

export const analysesOf = (all: () => Record<string, unknown>) => all().analyses as AnalysesState;

/** The caller's permission on an analysis: its owner's, or the one it was shared with. */
export function analysisPermission(state: AnalysesState, analysis: AnalysisRecord, username: string) {
  return analysis.username === username ? "own" : state.shares.get(analysis.id)?.get(username);
}

/** An analysis the caller owns or that was shared with them. */
export function readableAnalysis(state: AnalysesState, id: string, caller: Caller): AnalysisRecord {
  const analysis = state.analyses.get(id);
  if (!analysis || analysis.deleted) throw notFound(`analysis ${id} not found`);
  if (!analysisPermission(state, analysis, caller.username))
    throw forbidden(`insufficient privileges for analysis ${id}`);
  return analysis;
}

export function ownAnalysis(state: AnalysesState, id: string, caller: Caller): AnalysisRecord {
  const analysis = state.analyses.get(id);
  if (!analysis || analysis.deleted) throw notFound(`analysis ${id} not found`);
  if (analysis.username !== caller.username) throw forbidden(`insufficient privileges for analysis ${id}`);
  return analysis;
}

/** The analyses as the backend starts: the demo world's, dated from now. */
export const makeAnalysesState = (): AnalysesState => ({
  analyses: new Map(seedAnalyses(Date.now()).map((analysis) => [analysis.id, analysis])),
  shares: new Map(),
});
