import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { grouper } from "./grouper.js";

export const groupsModules = { grouper };

export function createGroupsSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("groups", groupsModules, options);
}
export type GroupsSimulator = ReturnType<typeof createGroupsSimulator>;
