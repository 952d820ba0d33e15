import { DEFAULT_CONCURRENT_JOBS } from "../demo-world.js";
import { defineModule } from "../framework/module.js";

/** A user's concurrent job limit as the analyses service answers it (`GET /settings/concurrent-job-limits/{user}`). */
export interface ConcurrentJobLimit {
  concurrent_jobs: number;
  is_default: boolean;
}

/**
 * What the apps backend asks of the analyses service (cyverse-de/apps `clients/analyses.clj`), passed in where the
 * platform is assembled: the user's concurrent job limit, for the limit checks of interactive apps. An apps simulator
 * started alone, without one, has every user at the platform's default.
 */
export interface AnalysesService {
  concurrentJobLimit(username: string): ConcurrentJobLimit;
}

const ALONE: AnalysesService = {
  concurrentJobLimit: () => ({ concurrent_jobs: DEFAULT_CONCURRENT_JOBS, is_default: true }),
};

/** Holds the analyses service, so that the limit checks can reach it through the backend's state. */
export const analysesService = (service: AnalysesService = ALONE) =>
  defineModule<{ service: AnalysesService }>({ makeState: () => ({ service }), routes: () => {} });

export const analysesServiceOf = (all: () => Record<string, unknown>): AnalysesService =>
  (all().analysesService as { service: AnalysesService } | undefined)?.service ?? ALONE;
