import { defineModule } from "../framework/module.js";
import type { AnalysisRecord } from "./analyses-store.js";

/**
 * What other backends learn of the apps backend's analyses, passed in where the platform is assembled: the real
 * apps service registers a new analysis with the permissions service and hands an interactive one to app-exposer.
 */
export interface AnalysisEvents {
  submitted?(analysis: AnalysisRecord): void;
  /** The owner stopped it: an interactive analysis's resources are taken down. */
  stopped?(analysis: AnalysisRecord): void;
}

/** Holds the listeners, so that the analysis routes can reach them through the backend's state. */
export const analysisEvents = (events: AnalysisEvents) =>
  defineModule<{ events: AnalysisEvents }>({ makeState: () => ({ events }), routes: () => {} });

export const analysisEventsOf = (all: () => Record<string, unknown>): AnalysisEvents =>
  (all().analysisEvents as { events: AnalysisEvents } | undefined)?.events ?? {};
