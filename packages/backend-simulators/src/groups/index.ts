import { moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { grouper } from "./grouper.js";
import { visibleGroup } from "./lookups.js";
import { memberSourceOf } from "./member-sources.js";
import { GROUPER_ADMIN, LDAP } from "./seed.js";

export const groupsModules = { grouper };

export function createGroupsSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("groups", groupsModules, options);
}
export type GroupsSimulator = ReturnType<typeof createGroupsSimulator>;

/** A subject's source in the simulated Grouper's members table, for the permissions simulator. */
export const grouperSourceOf = (groups: () => GroupsSimulator) => memberSourceOf(() => groups().state.grouper);

/**
 * The administrators of a community as the apps service asks iplant-groups for them (apps `clients/iplant_groups.clj`
 * get-community-admins): the group looked up as the user (Grouper's 404 when it does not exist or the user may not
 * see it, thrown as `GrouperError`), then the people holding `admin` on it, the platform's own account left out.
 */
export const communityAdminsOf = (groups: () => GroupsSimulator) => (username: string, community: string) => {
  const state = groups().state.grouper;
  const group = visibleGroup(state, community, username);
  return group.grants
    .filter(({ subjectId, privilege }) => privilege === "admin" && subjectId !== GROUPER_ADMIN)
    .map(({ subjectId }) => subjectId)
    .filter((subjectId) => state.subjects.get(subjectId)?.source_id === LDAP);
};
