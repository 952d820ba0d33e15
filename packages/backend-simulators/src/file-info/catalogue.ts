import { isWithin, parentOf } from "./paths.js";

export type Permission = "read" | "write" | "own";

/** An iRODS AVU; the DE's own (system) attributes start with `ipc`. */
export interface Avu {
  attr: string;
  value: string;
  unit: string;
}

/**
 * What iRODS keeps in its catalogue about a file or folder. The bytes live on disk at the same
 * logical path; `size` and `md5` are recorded whenever the bytes are written.
 */
export interface Entry {
  id: string;
  path: string;
  type: "file" | "dir";
  owner: string;
  /** Per-user access; the `public` group gives everyone that access. */
  acl: Map<string, Permission>;
  /** Folders only: new entries inside start with a copy of this folder's access list. */
  inherit: boolean;
  dateCreated: number;
  dateModified: number;
  size: number;
  md5: string;
  /** Files only: the detected or assigned info type. */
  infoType: string | null;
  avus: Avu[];
}

/** The catalogue of one data store, by path and by id. */
export class Catalogue {
  private readonly byPath = new Map<string, Entry>();
  private readonly byId = new Map<string, Entry>();

  add(entry: Entry): Entry {
    this.byPath.set(entry.path, entry);
    this.byId.set(entry.id, entry);
    return entry;
  }

  at(path: string): Entry | undefined {
    return this.byPath.get(path);
  }

  withId(id: string): Entry | undefined {
    return this.byId.get(id);
  }

  all(): Entry[] {
    return [...this.byPath.values()];
  }

  /** Every entry, in no order, without copying the catalogue (for scans that keep few of them). */
  values(): IterableIterator<Entry> {
    return this.byPath.values();
  }

  childrenOf(folder: string): Entry[] {
    return this.all().filter((entry) => entry.path !== folder && parentOf(entry.path) === folder);
  }

  /** The entry at `path` and everything below it. */
  subtree(path: string): Entry[] {
    return this.all().filter((entry) => isWithin(entry.path, path));
  }

  /** Re-files a moved entry and everything below it under their new paths; ids stay. */
  move(from: string, to: string): void {
    const moved = this.subtree(from);
    for (const entry of moved) this.byPath.delete(entry.path);
    for (const entry of moved) {
      entry.path = to + entry.path.slice(from.length);
      this.byPath.set(entry.path, entry);
    }
  }

  /** Drops an entry and everything below it; answers what was dropped. */
  remove(path: string): Entry[] {
    const removed = this.subtree(path);
    for (const entry of removed) {
      this.byPath.delete(entry.path);
      this.byId.delete(entry.id);
    }
    return removed;
  }
}
