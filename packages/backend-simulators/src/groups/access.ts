import { groupsContaining } from "./membership.js";
import type { FolderRecord, Grant, GrouperState, GroupRecord } from "./state.js";

/** The pseudo-subject meaning every user: a privilege granted to it is held by everyone. */
export const EVERYONE = "GrouperAll";
/** Grouper's root account: holds every privilege everywhere. */
export const WHEEL = "GrouperSystem";

export const GROUP_PRIVILEGES = [
  "view",
  "read",
  "update",
  "admin",
  "optin",
  "optout",
  "groupAttrRead",
  "groupAttrUpdate",
] as const;
export type GroupPrivilege = (typeof GROUP_PRIVILEGES)[number];

export const FOLDER_PRIVILEGES = ["create", "stem", "stemAttrRead", "stemAttrUpdate"] as const;
export type FolderPrivilege = (typeof FOLDER_PRIVILEGES)[number];

/** What each access privilege also allows (Grouper: admin implies all, every privilege implies view). */
const GROUP_IMPLIES: Record<string, readonly string[]> = {
  admin: GROUP_PRIVILEGES,
  update: ["update", "view"],
  read: ["read", "view"],
  view: ["view"],
  optin: ["optin", "view"],
  optout: ["optout", "view"],
  groupAttrRead: ["groupAttrRead", "view"],
  groupAttrUpdate: ["groupAttrUpdate", "view"],
};

/** Naming privileges: stem (folder administration) implies the others. */
const FOLDER_IMPLIES: Record<string, readonly string[]> = {
  stem: FOLDER_PRIVILEGES,
  create: ["create"],
  stemAttrRead: ["stemAttrRead"],
  stemAttrUpdate: ["stemAttrUpdate"],
};

/**
 * The subjects whose grants reach `subjectId`: itself, every user (GrouperAll), and each group it belongs to, as a
 * privilege is a membership of Grouper's privilege lists and effective memberships count.
 */
export function granteesFor(state: GrouperState, subjectId: string): Set<string> {
  return new Set([subjectId, EVERYONE, ...groupsContaining(state, subjectId).map((group) => group.id)]);
}

function holds(
  state: GrouperState,
  grants: readonly Grant[],
  implies: Record<string, readonly string[]>,
  actor: string,
  wanted: string,
) {
  if (actor === WHEEL) return true;
  const grantees = granteesFor(state, actor);
  return grants.some((grant) => grantees.has(grant.subjectId) && implies[grant.privilege]?.includes(wanted));
}

export const mayOnGroup = (state: GrouperState, group: GroupRecord, actor: string, privilege: GroupPrivilege) =>
  holds(state, group.grants, GROUP_IMPLIES, actor, privilege);

export const mayOnFolder = (state: GrouperState, folder: FolderRecord, actor: string, privilege: FolderPrivilege) =>
  holds(state, folder.grants, FOLDER_IMPLIES, actor, privilege);

/** Adds a grant unless the subject already holds exactly that privilege. */
export function grant(grants: Grant[], subjectId: string, privilege: string): void {
  if (!grants.some((held) => held.subjectId === subjectId && held.privilege === privilege)) {
    grants.push({ subjectId, privilege });
  }
}
