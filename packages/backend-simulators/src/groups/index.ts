import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";

export const groupsModules = {};

export function createGroupsSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("groups", groupsModules, options);
}
export type GroupsSimulator = ReturnType<typeof createGroupsSimulator>;
