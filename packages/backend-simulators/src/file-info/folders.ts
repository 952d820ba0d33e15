import type { CallerView } from "./caller-view.js";
import type { Entry } from "./catalogue.js";
import { alreadyExists, notAFolder } from "./errors.js";
import { baseName, logicalPath, newName, parentOf } from "./paths.js";
import type { DataStore } from "./store.js";

/** The nearest existing folder at or above a path, and the missing folders below it, top first. */
export function missingFolders(store: DataStore, path: string): { existing: Entry; missing: string[] } {
  const missing: string[] = [];
  let current = path;
  let existing = store.catalogue.at(current);
  while (!existing) {
    missing.unshift(current);
    current = parentOf(current);
    existing = store.catalogue.at(current);
  }
  if (existing.type !== "dir") throw notAFolder(existing.path);
  return { existing, missing };
}

/** Creates the missing folders of a path (like `mkdir -p`), owned by `owner`; answers the created paths. */
export function createFolders(store: DataStore, path: string, owner: string): string[] {
  const { missing } = missingFolders(store, path);
  for (const folder of missing) store.addFolder(folder, { owner });
  return missing;
}

/**
 * data-info's create-dirs as the caller: no path may exist already, and the nearest existing folder above each must
 * be writeable; missing parents are created too, owned by the caller. Answers every folder created, parents included.
 */
export function createDirectories(view: CallerView, paths: readonly string[]): string[] {
  const normalised = [...new Set(paths.map(logicalPath))];
  const existing = normalised.filter((path) => view.store.catalogue.at(path));
  if (existing.length > 0) throw alreadyExists({ paths: existing });
  const targets = new Set<Entry>();
  for (const path of normalised) {
    const { existing: nearest, missing } = missingFolders(view.store, path);
    for (const folder of missing) newName(baseName(folder));
    targets.add(nearest);
  }
  for (const target of targets) view.writeable(target);
  return normalised.flatMap((path) => createFolders(view.store, path, view.user)).sort();
}

/**
 * The apps service's `create-output-dir` (`jobs/util.clj`) as it reaches data-info: an analysis's result folder is
 * looked up as the user (a folder they cannot read refuses the submission) and created when it does not exist.
 */
export function ensureOutputFolder(view: CallerView, path: string): void {
  const entry = view.store.catalogue.at(logicalPath(path));
  if (entry) view.readable(entry);
  else createDirectories(view, [path]);
}
