import type { CallerView } from "./caller-view.js";
import type { Entry } from "./catalogue.js";
import { alreadyExists, badField, notAuthorized } from "./errors.js";
import { baseName, isBaseFolder, isWithin, joinPath, parentOf } from "./paths.js";

function refuseUnmovable(sources: Entry[], destFolder: string) {
  const bases = sources.filter((entry) => isBaseFolder(entry.path)).map((entry) => entry.path);
  if (bases.length > 0) throw notAuthorized("home and trash folders cannot be moved", { paths: bases });
  const intoThemselves = sources.filter((entry) => isWithin(destFolder, entry.path)).map((entry) => entry.path);
  if (intoThemselves.length > 0) throw badField("a folder cannot move into itself", { paths: intoThemselves });
}

/**
 * data-info's bulk move: every source exists and is owned by the caller, the destination is a folder
 * they can write to, and none of the new paths is taken. All of it is checked before anything moves.
 */
export function moveEntries(view: CallerView, sources: Entry[], destPath: unknown) {
  const dest = view.folder(view.entryAt(destPath));
  view.allOwned(sources);
  view.writeable(dest);
  refuseUnmovable(sources, dest.path);
  const targets = sources.map((entry) => joinPath(dest.path, baseName(entry.path)));
  const clashes = targets.filter((path, index) => view.store.catalogue.at(path) || targets.indexOf(path) !== index);
  if (clashes.length > 0) throw alreadyExists({ paths: clashes });
  const originals = sources.map((entry) => entry.path);
  sources.forEach((entry, index) => {
    view.store.move(entry, targets[index] as string);
  });
  return { user: view.user, sources: originals, dest: dest.path };
}

/**
 * data-info's single move or rename: the caller owns the entry, the new folder exists, is a folder
 * and (when it is another folder) writeable, and the new path is free. Moving onto itself changes nothing.
 */
export function renameEntry(view: CallerView, entry: Entry, to: string) {
  const source = entry.path;
  if (to === source) return { user: view.user, source, dest: to };
  const folder = view.folder(view.entryAt(parentOf(to)));
  view.owned(entry);
  if (folder.path !== parentOf(source)) view.writeable(folder);
  refuseUnmovable([entry], folder.path);
  if (view.store.catalogue.at(to)) throw alreadyExists({ path: to });
  view.store.move(entry, to);
  return { user: view.user, source, dest: to };
}
