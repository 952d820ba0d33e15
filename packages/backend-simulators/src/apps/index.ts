import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { catalog } from "./catalog.js";
import { collaborators } from "./collaborators.js";
import { login } from "./login.js";
import { oauth } from "./oauth.js";

export const appsModules = { catalog, login, collaborators, oauth };

export function createAppsSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("apps", appsModules, options);
}
export type AppsSimulator = ReturnType<typeof createAppsSimulator>;
