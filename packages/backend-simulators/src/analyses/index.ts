import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { Greeting } from "./answer-schemas.js";
import type { AppsState } from "./apps-catalogue.js";
import { answerUnknownPaths } from "./echo-errors.js";
import { favorites } from "./favorites.js";
import { globalDefaults } from "./global-defaults.js";
import { jobLimits } from "./job-limits.js";
import { quickLaunches } from "./quick-launches.js";
import { userDefaults } from "./user-defaults.js";

export type { AppsState, AppsStateView } from "./apps-catalogue.js";
export type { QuickLaunchRecord } from "./quick-launches.js";

/** The service's greeting at its root (what probes see); paths it does not serve are answered as echo does. */
function serviceRoot(app: FastifyInstance): void {
  app.get("/", answers({ 200: Greeting }), async (_request, reply) =>
    reply.type("text/plain; charset=UTF-8").send(Greeting.const),
  );
  answerUnknownPaths(app);
}

export interface AnalysesSimulatorOptions extends SimulatorOptions {
  /** The apps simulator's current state: the service gets apps from the apps backend. */
  apps: AppsState;
}

/** The analyses service (cyverse-de/analyses): quick launches, their favorites and defaults, job limits. */
export function createAnalysesSimulator({ apps, ...options }: AnalysesSimulatorOptions) {
  const modules = {
    root: { makeState: () => ({}), routes: serviceRoot },
    quickLaunches: quickLaunches(apps),
    favorites,
    userDefaults: userDefaults(apps),
    globalDefaults: globalDefaults(apps),
    jobLimits,
  };
  return moduleSimulator("analyses", modules, options);
}
export type AnalysesSimulator = ReturnType<typeof createAnalysesSimulator>;
