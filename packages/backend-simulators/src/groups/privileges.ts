import { EVERYONE } from "./access.js";
import { effectiveMembers, groupById, groupsContaining } from "./membership.js";
import type { Grant, GrouperState } from "./state.js";

/**
 * One privilege a subject holds on a group or folder, and the subject it was granted to (Grouper's AccessPrivilege
 * and NamingPrivilege owner): the subject itself, a group it belongs to, or GrouperAll.
 */
export interface HeldPrivilege {
  subjectId: string;
  privilege: string;
  ownerId: string;
}

/**
 * Every privilege `subjectId` holds among `grants` (Grouper's getPrivs, Internet2/grouper GrouperNonDbAccessAdapter
 * and GrouperPrivilegeAdapter.internal_getPrivs): its own grants, those of the groups it belongs to (owned by that
 * group) and those of GrouperAll (owned by GrouperAll).
 */
export function privilegesOf(state: GrouperState, grants: readonly Grant[], subjectId: string): HeldPrivilege[] {
  const through = new Set([EVERYONE, ...groupsContaining(state, subjectId).map((group) => group.id)]);
  return grants
    .filter((grant) => grant.subjectId === subjectId || through.has(grant.subjectId))
    .map((grant) => ({ subjectId, privilege: grant.privilege, ownerId: grant.subjectId }));
}

/**
 * Every privilege on a group or folder, subject by subject (GrouperServiceLogic getGrouperPrivilegesLite without a
 * subject: the subjects with a privilege, grantees and the members of grantee groups, each with all it holds).
 */
export function allPrivileges(state: GrouperState, grants: readonly Grant[]): HeldPrivilege[] {
  const holders = new Set<string>();
  for (const { subjectId } of grants) {
    holders.add(subjectId);
    const group = groupById(state, subjectId);
    for (const member of group ? effectiveMembers(state, group) : []) holders.add(member);
  }
  return [...holders].flatMap((subjectId) => privilegesOf(state, grants, subjectId));
}

/** iplant-groups' inheritance-level filter (clients/grouper.clj ~516-526): immediate when owner and subject agree. */
export function atInheritanceLevel(held: HeldPrivilege, level: string | undefined): boolean {
  if (level === "immediate") return held.ownerId === held.subjectId;
  if (level === "inherited") return held.ownerId !== held.subjectId;
  return true;
}
