import type { Entry } from "./catalogue.js";
import { notAFolder } from "./errors.js";
import { parentOf } from "./paths.js";
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
