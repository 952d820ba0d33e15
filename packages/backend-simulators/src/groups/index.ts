import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { grouper } from "./grouper.js";
import { memberSourceOf } from "./member-sources.js";

export const groupsModules = { grouper };

export function createGroupsSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("groups", groupsModules, options);
}
export type GroupsSimulator = ReturnType<typeof createGroupsSimulator>;

/** A subject's source in the simulated Grouper's members table, for the permissions simulator. */
export const grouperSourceOf = (groups: () => GroupsSimulator) => memberSourceOf(() => groups().state.grouper);
