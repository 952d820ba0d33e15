import type { GrouperState, GroupRecord } from "./state.js";

/** A group by its id (a group's id is its subject id in Grouper's group source, `g:gsa`). */
export const groupById = (state: GrouperState, id: string): GroupRecord | undefined =>
  [...state.groups.values()].find((group) => group.id === id);

/**
 * The groups a subject belongs to, immediately or through groups that are members of them: Grouper's effective
 * memberships, which privileges granted to a group reach (GrouperNonDbAccessAdapter.getPrivs reads every membership
 * of the subject in the group's privilege lists, effective ones included).
 */
export function groupsContaining(state: GrouperState, subjectId: string): GroupRecord[] {
  const found = new Map<string, GroupRecord>();
  const members = [subjectId];
  for (let member = members.shift(); member !== undefined; member = members.shift()) {
    for (const group of state.groups.values()) {
      if (!found.has(group.id) && group.members.includes(member)) {
        found.set(group.id, group);
        members.push(group.id);
      }
    }
  }
  return [...found.values()];
}

/** A group's members, immediate and through member groups (the subjects a privilege granted to it reaches). */
export function effectiveMembers(state: GrouperState, group: GroupRecord): string[] {
  const found = new Set<string>();
  const groups = [group];
  for (let current = groups.shift(); current !== undefined; current = groups.shift()) {
    for (const member of current.members) {
      if (found.has(member)) continue;
      found.add(member);
      const nested = groupById(state, member);
      if (nested) groups.push(nested);
    }
  }
  return [...found];
}
