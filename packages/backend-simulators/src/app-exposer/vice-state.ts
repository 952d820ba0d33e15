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

export interface ViceState {
  /** Analyses with resources in the cluster, by analysis id. */
  analyses: Map<string, ViceAnalysis>;
  /** Planned ends (epoch seconds) by analysis id, kept in the jobs table after the resources are gone. */
  timeLimits: Map<string, number>;
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
    timeLimits: new Map(),
    operators: new Map([[SEED_OPERATOR.id, structuredClone(SEED_OPERATOR)]]),
  };
  launch(state, demoViceLaunch(), DEFAULT_READY_DELAY_MS, now - RUNNING_VICE_ANALYSIS.runningForMs);
  return state;
}

/**
 * Launches an interactive analysis on the operator of highest priority that accepts launches (none: it is not
 * launched, as the scheduler would leave it waiting), creating its deployment, pod, service and route.
 */
export function launch(
  state: ViceState,
  what: Launch,
  readyDelayMs = DEFAULT_READY_DELAY_MS,
  now = Date.now(),
): ViceAnalysis | undefined {
  const operator = [...state.operators.values()]
    .filter((candidate) => candidate.accepting_launches && !candidate.deactivated)
    .sort((a, b) => b.priority - a.priority)[0];
  if (!operator) return undefined;
  const analysis = launched(what, operator.id, readyDelayMs, now);
  state.analyses.set(analysis.analysisId, analysis);
  state.timeLimits.set(analysis.analysisId, analysis.timeLimit);
  return analysis;
}

export const newOperatorId = () => randomUUID();
