import type { Entry, Permission } from "./catalogue.js";
import { BASE_TRASH_PATH } from "./navigation.js";
import { homeOf, isWithin, parentOf } from "./paths.js";
import { canRead, grantAtLeast } from "./permissions.js";
import type { DataStore } from "./store.js";

/** Why a share or unshare changed nothing (data-info's skip reasons). */
export type SkipReason = "share-with-self" | "share-from-trash" | "already-shared" | "unshare-with-self" | "not-shared";

/** Folders between an entry and its home (both excluded), nearest first. */
function foldersUpToHome(store: DataStore, entry: Entry): Entry[] {
  const home = homeOf(entry.path);
  const folders: Entry[] = [];
  for (let path = parentOf(entry.path); path !== home && path !== "/" && path !== BASE_TRASH_PATH; ) {
    const folder = store.catalogue.at(path);
    if (folder) folders.push(folder);
    path = parentOf(path);
  }
  return folders;
}

/**
 * Shares an entry the way data-info does: the user gets `permission` on it and everything below it,
 * folders pass it on to what is created in them later, and the folders above it up to its home (and
 * the home itself) become readable so that the user can find it.
 */
export function share(store: DataStore, owner: string, user: string, entry: Entry, permission: Permission) {
  if (user === owner) return { skipped: "share-with-self" as SkipReason };
  if (isWithin(entry.path, BASE_TRASH_PATH)) return { skipped: "share-from-trash" as SkipReason };
  if (entry.acl.get(user) === permission) return { skipped: "already-shared" as SkipReason };
  for (const folder of foldersUpToHome(store, entry)) grantAtLeast(folder, user, "read");
  if (entry.type === "dir") entry.inherit = true;
  const home = homeOf(entry.path);
  const homeEntry = home ? store.catalogue.at(home) : undefined;
  if (homeEntry && !canRead(homeEntry, user)) grantAtLeast(homeEntry, user, "read");
  for (const below of store.catalogue.subtree(entry.path)) below.acl.set(user, permission);
  return {};
}

/** True when the user has access of their own to something below the folder. */
const holdsSomethingIn = (store: DataStore, folder: Entry, user: string) =>
  store.catalogue.subtree(folder.path).some((below) => below !== folder && below.acl.has(user));

/**
 * Unshares an entry the way data-info does: the user loses access to it and everything below it, a
 * folder no longer shared with anyone stops passing access on, and the folders above it that held
 * nothing else for the user stop being readable to them (the home folder stays readable).
 */
export function unshare(store: DataStore, owner: string, user: string, entry: Entry) {
  if (user === owner) return { skipped: "unshare-with-self" as SkipReason };
  if (!entry.acl.has(user)) return { skipped: "not-shared" as SkipReason };
  for (const below of store.catalogue.subtree(entry.path)) below.acl.delete(user);
  if (entry.type === "dir" && [...entry.acl.keys()].every((holder) => holder === owner)) entry.inherit = false;
  for (const folder of foldersUpToHome(store, entry)) {
    if (holdsSomethingIn(store, folder, user)) break;
    if (folder.acl.get(user) === "read") folder.acl.delete(user);
  }
  return {};
}
