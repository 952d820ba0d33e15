import { randomUUID } from "node:crypto";
import { RUNNING_VICE_ANALYSIS } from "../demo-world.js";
import { DEFAULT_READY_DELAY_MS, type Launch, launched, type ViceAnalysis } from "./vice-analyses.js";
import { demoViceLaunch } from "./vice-seed.js";

/** A cluster operator app-exposer schedules analyses on. */
export interface Operator {
  id: string;
  name: string;
  url: string;
  base_url?: string;
  tls_skip_verify: boolean;
  priority: number;
  accepting_launches: boolean;
  deactivated: boolean;
  maxAnalyses: number;
}

/**
 * What the jobs table keeps of an analysis app-exposer launched, after its resources are gone too: its step's
 * external id, the operator it went to (`jobs.operator_id`) and its planned end (epoch seconds; null for none).
 */
export interface Job {
  externalId: string;
  operatorId: string;
  plannedEnd: number | null;
}

export interface ViceState {
  /** Analyses with resources in the cluster, by analysis id. */
  analyses: Map<string, ViceAnalysis>;
  /** The jobs of the analyses launched, by analysis id. */
  jobs: Map<string, Job>;
  operators: Map<string, Operator>;
}

export const SEED_OPERATOR: Operator = {
  id: "5a0e1c2d-0000-4000-8000-00000000a001",
  name: "local-cluster",
  url: "http://vice-operator.vice-apps.svc.cluster.local",
  base_url: "https://cyverse.run",
  tls_skip_verify: false,
  priority: 0,
  accepting_launches: true,
  deactivated: false,
  maxAnalyses: 10,
};

/**
 * The seeded cluster: one operator, running alice's JupyterLab session (`vice-seed.ts`), launched on it half an hour
 * before `now` as any launch is.
 */
export function seededViceState(now = Date.now()): ViceState {
  const state: ViceState = {
    analyses: new Map(),
    jobs: new Map(),
    operators: new Map([[SEED_OPERATOR.id, structuredClone(SEED_OPERATOR)]]),
  };
  launch(state, demoViceLaunch(), DEFAULT_READY_DELAY_MS, now - RUNNING_VICE_ANALYSIS.runningForMs);
  return state;
}

/**
 * The operators in the scheduler's order: priority ascending, then the order they were registered in (db/operators.go
 * `ListOperators`, `ListOperatorAdminSummaries`: `ORDER BY priority ASC, created_at ASC`; a Map keeps insertion order
 * and the sort is stable).
 */
export const operatorsInOrder = (state: ViceState): Operator[] =>
  [...state.operators.values()].sort((a, b) => a.priority - b.priority);

/** How many analyses an operator runs. */
export const runningOn = (state: ViceState, operatorId: string): number =>
  [...state.analyses.values()].filter((analysis) => analysis.operatorId === operatorId).length;

/**
 * Launches an interactive analysis on the first operator, in the scheduler's order, that is active, accepts launches
 * and has room (operatorclient/scheduler.go `launchOnFirstCapable`; none: it is not launched, as the scheduler would
 * leave it waiting), creating its deployment, pod, service and route.
 */
export function launch(
  state: ViceState,
  what: Launch,
  readyDelayMs = DEFAULT_READY_DELAY_MS,
  now = Date.now(),
): ViceAnalysis | undefined {
  const operator = operatorsInOrder(state).find(
    (candidate) =>
      candidate.accepting_launches && !candidate.deactivated && runningOn(state, candidate.id) < candidate.maxAnalyses,
  );
  if (!operator) return undefined;
  const analysis = launched(what, operator.id, readyDelayMs, now);
  state.analyses.set(analysis.analysisId, analysis);
  state.jobs.set(analysis.analysisId, {
    externalId: analysis.externalId,
    operatorId: operator.id,
    plannedEnd: analysis.timeLimit,
  });
  return analysis;
}

/**
 * The operator app-exposer routes an analysis's calls to (httphandlers/handlers.go `operatorClientForAnalysis`): the
 * one its job names, while the scheduler has it (deactivated operators drop out), whether or not the analysis still
 * runs there; none for an analysis never launched.
 */
export function operatorOf(state: ViceState, analysisId: string): Operator | undefined {
  const operatorId = state.jobs.get(analysisId)?.operatorId;
  const operator = operatorId === undefined ? undefined : state.operators.get(operatorId);
  return operator && !operator.deactivated ? operator : undefined;
}

export const newOperatorId = () => randomUUID();
