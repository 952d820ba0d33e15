import type { Entry, Permission } from "./catalogue.js";

/** The group whose access every user has (community data, the zone's top folders). */
export const PUBLIC_GROUP = "public";
/** The account anonymous downloads run as; the anonymizer grants it read access. */
export const ANONYMOUS_USER = "anonymous";
/** The zone's administrative account (iRODS rodsadmin): it owns the folders above the homes and may do anything. */
export const ADMIN_ACCOUNT = "rods";
/**
 * The accounts data-info leaves out of an item's permissions and share count: its `perms-filter` (`rods`,
 * `rodsadmin`) and its own account (`services/permissions.clj` `filtered-user-perms`, `stat.clj` `count-shares`).
 */
const ADMINISTRATIVE_ACCOUNTS = new Set([ADMIN_ACCOUNT, "rodsadmin"]);
/** The data curators' group: permanent-id requests' folders are shared with it. carol is a curator. */
export const CURATORS_GROUP = "data-curators";

/** Data-store groups and their members: an access-list entry for a group is every member's. */
const GROUP_MEMBERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([[CURATORS_GROUP, new Set(["carol"])]]);

/** Names an access list may hold besides users: the data-store groups. */
export const DATA_STORE_GROUPS: readonly string[] = [...GROUP_MEMBERS.keys()];

const RANK: Record<Permission, number> = { read: 1, write: 2, own: 3 };

export const isPermission = (value: unknown): value is Permission =>
  value === "read" || value === "write" || value === "own";

const higher = (a: Permission | undefined, b: Permission | undefined): Permission | undefined =>
  !a ? b : !b ? a : RANK[a] >= RANK[b] ? a : b;

/**
 * The user's access to an entry: the highest of their own, the public group's and that of the groups they are in;
 * the administrative account owns everything.
 */
export function permissionOf(entry: Entry, user: string): Permission | undefined {
  if (user === ADMIN_ACCOUNT) return "own";
  let held = higher(entry.acl.get(user), entry.acl.get(PUBLIC_GROUP));
  for (const [group, members] of GROUP_MEMBERS) {
    if (members.has(user)) held = higher(held, entry.acl.get(group));
  }
  return held;
}

/** True when the user's access to the entry is `needed` or more. */
export const holds = (entry: Entry, user: string, needed: Permission): boolean => {
  const held = permissionOf(entry, user);
  return held !== undefined && RANK[held] >= RANK[needed];
};

export const canRead = (entry: Entry, user: string) => holds(entry, user, "read");
export const canWrite = (entry: Entry, user: string) => holds(entry, user, "write");
export const owns = (entry: Entry, user: string) => holds(entry, user, "own");

/** Gives a user at least `permission`, never lowering what they hold. */
export function grantAtLeast(entry: Entry, user: string, permission: Permission): void {
  entry.acl.set(user, higher(entry.acl.get(user), permission) ?? permission);
}

/** Other users' access to an entry, as data-info lists it (the caller, the public group and the administrative accounts left out). */
export const sharesOf = (entry: Entry, caller: string) =>
  [...entry.acl.entries()]
    .filter(([user]) => user !== caller && user !== PUBLIC_GROUP && !ADMINISTRATIVE_ACCOUNTS.has(user))
    .map(([user, permission]) => ({ user, permission }));
