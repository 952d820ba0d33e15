import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { type DeDatabase, EMPTY_DATABASE } from "./de-database.js";
import { echoErrors } from "./errors.js";
import { instantLaunchMappingRoutes } from "./instant-launch-mappings.js";
import { instantLaunchMetadataRoutes } from "./instant-launch-metadata.js";
import { type InstantLaunchState, seededInstantLaunchState } from "./instant-launch-state.js";
import { instantLaunchRoutes } from "./instant-launches.js";
import { operatorRoutes } from "./operators.js";
import { analysisActionRoutes } from "./vice-actions.js";
import { DEFAULT_READY_DELAY_MS, type Launch } from "./vice-analyses.js";
import { logRoutes } from "./vice-logs.js";
import { viceRoutes } from "./vice-routes.js";
import { launch, seededViceState, type ViceState } from "./vice-state.js";
import { timeLimitRoutes } from "./vice-time-limits.js";

export type { AppRow, DeDatabase, QuickLaunchRow } from "./de-database.js";
export type { InstantLaunch } from "./instant-launch-state.js";
export type { Launch, ViceAnalysis } from "./vice-analyses.js";
export type { Job, ViceState } from "./vice-state.js";

export interface AppExposerSimulatorOptions extends SimulatorOptions {
  /** The platform's database as app-exposer sees it (analyses, quick launches, apps, permissions). */
  database?: DeDatabase;
  /** How long after its launch an analysis answers in the browser. */
  readyDelayMs?: number;
}

/**
 * app-exposer (cyverse-de/app-exposer): interactive (VICE) analyses' Kubernetes resources, time limits, exits and
 * operators, and instant launches with their metadata and default mappings.
 */
export function createAppExposerSimulator(options: AppExposerSimulatorOptions = {}) {
  const database = options.database ?? EMPTY_DATABASE;
  const vice = defineModule<ViceState>({
    makeState: () => seededViceState(),
    async routes(app, state) {
      await app.register(async (scope) => {
        echoErrors(scope);
        viceRoutes(scope, state, database);
        timeLimitRoutes(scope, state, database);
        analysisActionRoutes(scope, state, database);
        logRoutes(scope, state);
        operatorRoutes(scope, state);
      });
    },
  });
  const instantLaunches = defineModule<InstantLaunchState>({
    makeState: seededInstantLaunchState,
    async routes(app, state) {
      await app.register(async (scope) => {
        echoErrors(scope);
        instantLaunchRoutes(scope, state, database);
        instantLaunchMetadataRoutes(scope, state, database);
        instantLaunchMappingRoutes(scope, state);
      });
    },
  });
  const simulator = moduleSimulator("app-exposer", { vice, instantLaunches }, options);
  return Object.assign(simulator, {
    /** How long after its launch an analysis answers in the browser; a test may change it. */
    readyDelayMs: options.readyDelayMs ?? DEFAULT_READY_DELAY_MS,
    /** Launches an interactive analysis (what the apps backend's submission leads to). */
    launch(what: Launch) {
      return launch(simulator.state.vice, what, this.readyDelayMs);
    },
    /** Takes an analysis's resources down without touching its status (the apps backend stopped it). */
    release(analysisId: string): boolean {
      return simulator.state.vice.analyses.delete(analysisId);
    },
  });
}
export type AppExposerSimulator = ReturnType<typeof createAppExposerSimulator>;
