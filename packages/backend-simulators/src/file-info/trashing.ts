import { randomInt } from "node:crypto";
import { failed } from "../framework/schema-refusals.js";
import type { CallerView } from "./caller-view.js";
import type { Entry } from "./catalogue.js";
import { badField, notAuthorized } from "./errors.js";
import { createFolders, missingFolders } from "./folders.js";
import { userHomePath, userTrashPath } from "./navigation.js";
import { baseName, isBaseFolder, isWithin, parentOf } from "./paths.js";
import { canWrite } from "./permissions.js";
import { invalidAnswer } from "./schema-refusals.js";

/** The AVU in which data-info remembers where a trashed entry came from. */
export const TRASH_ORIGIN = "ipc-trash-origin";
const SYSTEM_UNIT = "ipc-system-avu";

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const randomSuffix = () => Array.from({ length: 7 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("");

/** The caller's trash folder, made (and owned by them) if it is missing, as data-info's root listing does. */
export function trashOf(view: CallerView): Entry {
  const path = userTrashPath(view.user);
  createFolders(view.store, path, view.user);
  return view.store.catalogue.at(path) as Entry;
}

const originOf = (entry: Entry) => entry.avus.find((avu) => avu.attr === TRASH_ORIGIN)?.value;

/**
 * Deletes entries the caller owns: into their trash under a randomised name, remembering the origin,
 * or for good when they are in the trash already. Their home and trash folders cannot be deleted.
 */
export function deleteEntries(view: CallerView, entries: Entry[]) {
  view.allOwned(entries);
  const originals = entries.map((entry) => entry.path);
  const refused = originals.filter((path) => isBaseFolder(path));
  if (refused.length > 0) throw notAuthorized("home and trash folders cannot be deleted", { paths: refused });
  const trash = trashOf(view);
  const trashPaths: Record<string, string> = {};
  for (const entry of entries) {
    if (!view.store.catalogue.withId(entry.id)) continue; // already gone with a folder deleted before it
    const original = entry.path;
    if (isWithin(original, trash.path)) {
      view.store.remove(entry);
      continue;
    }
    for (const below of view.store.catalogue.subtree(original)) {
      for (const ticket of view.store.ticketsOf(below)) view.store.tickets.delete(ticket.id);
    }
    const trashPath = `${trash.path}/${baseName(original)}.${randomSuffix()}`;
    view.store.move(entry, trashPath);
    const origin = { attr: TRASH_ORIGIN, value: original, unit: SYSTEM_UNIT };
    entry.avus = [...entry.avus.filter((avu) => avu.attr !== TRASH_ORIGIN), origin];
    trashPaths[original] = trashPath;
  }
  return { paths: originals, "trash-paths": trashPaths };
}

/** Deletes everything in the caller's trash for good. */
export function emptyTrash(view: CallerView) {
  const trash = trashOf(view);
  const contents = view.store.catalogue.childrenOf(trash.path);
  for (const entry of contents) view.store.remove(entry);
  return { trash: trash.path, paths: contents.map((entry) => entry.path) };
}

/**
 * Where data-info restores a trashed entry: its origin, unless that is unknown or its folder exists
 * but is not writeable (then the caller's home: a partial restore); `.0`, `.1`… appended on a clash with what
 * exists or what restoring the entries before it makes.
 */
function restorationOf(view: CallerView, entry: Entry, taken: Set<string>) {
  const origin = originOf(entry);
  const originFolder = origin ? view.store.catalogue.at(parentOf(origin)) : undefined;
  const partial = !origin || (originFolder !== undefined && !canWrite(originFolder, view.user));
  const wanted = partial ? `${userHomePath(view.user)}/${baseName(entry.path)}` : origin;
  const free = (path: string) => !view.store.catalogue.at(path) && !taken.has(path);
  let restored = wanted;
  for (let attempt = 0; !free(restored); attempt++) restored = `${wanted}.${attempt}`;
  // The folders this restore creates are taken too: an entry restored later to one of them goes beside it.
  for (const folder of missingFolders(view.store, parentOf(restored)).missing) taken.add(folder);
  // So is everything a restored folder brings back with it: an entry restored later onto one of those goes beside.
  for (const below of view.store.catalogue.subtree(entry.path))
    taken.add(restored + below.path.slice(entry.path.length));
  return { "restored-path": restored, "partial-restore": partial };
}

/**
 * Restores entries of the caller's trash (all of them when none are named), recreating missing
 * folders on the way. Everything is checked and planned before anything moves. With nothing named and nothing in the
 * trash, data-info's restore-paths (services/trash.clj) returns nil, which its response schema (`Restoration`) refuses.
 */
export function restoreEntries(view: CallerView, named: Entry[]) {
  const trash = trashOf(view);
  const entries = named.length > 0 ? named : view.store.catalogue.childrenOf(trash.path);
  if (entries.length === 0) throw invalidAnswer(failed("map?", null));
  view.allWriteable(entries);
  const outside = entries.filter((entry) => !isWithin(entry.path, trash.path) || entry.path === trash.path);
  if (outside.length > 0) {
    throw badField("only entries of the caller's trash can be restored", { paths: outside.map((entry) => entry.path) });
  }
  const taken = new Set<string>();
  const plan = entries.map((entry) => ({ entry, from: entry.path, ...restorationOf(view, entry, taken) }));
  const restored: Record<string, { "restored-path": string; "partial-restore": boolean }> = {};
  for (const { entry, from, ...restoration } of plan) {
    createFolders(view.store, parentOf(restoration["restored-path"]), view.user);
    view.store.move(entry, restoration["restored-path"]);
    entry.avus = entry.avus.filter((avu) => avu.attr !== TRASH_ORIGIN);
    restored[from] = restoration;
  }
  return { restored };
}
