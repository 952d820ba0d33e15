import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Catalogue, type Entry, type Permission } from "./catalogue.js";
import { detectedInfoType } from "./content-types.js";
import { DiskRoot } from "./disk-root.js";
import { parentOf } from "./paths.js";

/** A download ticket on an entry (kept by id, so it follows the entry when it moves). */
export interface Ticket {
  id: string;
  entryId: string;
  public: boolean;
  mode: "read" | "write";
}

export interface NewEntry {
  owner: string;
  id?: string;
  /** Access the entry starts with besides its owner's (system folders). */
  acl?: Iterable<[string, Permission]>;
  inherit?: boolean;
  at?: number;
}

/** Bytes written to a staging file: their size and digest, known once the write completed. */
export interface StagedFile {
  stagingPath: string;
  size: number;
  md5: string;
}

/**
 * One simulated data store: real folders and files under a temporary folder, and the catalogue iRODS
 * would keep about them. Every change goes to the disk and the catalogue together, synchronously, so
 * no request ever sees one without the other.
 */
export class DataStore {
  readonly disk = new DiskRoot();
  readonly catalogue = new Catalogue();
  readonly tickets = new Map<string, Ticket>();

  /** A fresh path for an upload in progress, outside the visible tree. */
  stagingFile(): string {
    return join(this.disk.staging, randomUUID());
  }

  addFolder(path: string, details: NewEntry): Entry {
    mkdirSync(this.disk.pathOf(path));
    return this.catalogue.add(this.newEntry(path, "dir", details));
  }

  /** Moves a completely written staging file into place as a new file. */
  addFile(path: string, staged: StagedFile, details: NewEntry): Entry {
    renameSync(staged.stagingPath, this.disk.pathOf(path));
    const entry = this.newEntry(path, "file", details);
    entry.size = staged.size;
    entry.md5 = staged.md5;
    entry.infoType = detectedInfoType(path);
    return this.catalogue.add(entry);
  }

  /** Small contents the simulator writes itself (seeds, exported metadata, path lists), staged like uploads. */
  stage(contents: string | Uint8Array): StagedFile {
    const stagingPath = this.stagingFile();
    const bytes = typeof contents === "string" ? Buffer.from(contents) : contents;
    writeFileSync(stagingPath, bytes);
    return { stagingPath, size: bytes.length, md5: createHash("md5").update(bytes).digest("hex") };
  }

  writeFile(path: string, contents: string | Uint8Array, details: NewEntry): Entry {
    return this.addFile(path, this.stage(contents), details);
  }

  /** Replaces a file's bytes with a completely written staging file; the entry keeps its id. */
  replaceContents(entry: Entry, staged: StagedFile): void {
    renameSync(staged.stagingPath, this.disk.pathOf(entry.path));
    entry.size = staged.size;
    entry.md5 = staged.md5;
    entry.dateModified = Date.now();
  }

  move(entry: Entry, to: string): void {
    renameSync(this.disk.pathOf(entry.path), this.disk.pathOf(to));
    this.catalogue.move(entry.path, to);
  }

  /** Deletes an entry for good, with everything below it and their tickets. */
  remove(entry: Entry): void {
    rmSync(this.disk.pathOf(entry.path), { recursive: true, force: true });
    const removedIds = new Set(this.catalogue.remove(entry.path).map((removed) => removed.id));
    for (const [id, ticket] of this.tickets) if (removedIds.has(ticket.entryId)) this.tickets.delete(id);
  }

  /** The entry a ticket is for (tickets go with their entries, so there always is one). */
  entryOf(ticket: Ticket): Entry {
    const entry = this.catalogue.withId(ticket.entryId);
    if (!entry) throw new Error(`ticket ${ticket.id} outlived its entry`);
    return entry;
  }

  ticketsOf(entry: Entry): Ticket[] {
    return [...this.tickets.values()].filter((ticket) => ticket.entryId === entry.id);
  }

  /** A new entry as iRODS makes one: owned by its creator, with its folder's access if that folder passes it on. */
  private newEntry(path: string, type: Entry["type"], details: NewEntry): Entry {
    const parent = this.catalogue.at(parentOf(path));
    const inherited = parent?.inherit ? [...parent.acl] : [];
    const acl = new Map<string, Permission>([...inherited, ...(details.acl ?? [])]);
    acl.set(details.owner, "own");
    const at = details.at ?? Date.now();
    return {
      id: details.id ?? randomUUID(),
      path,
      type,
      owner: details.owner,
      acl,
      inherit: type === "dir" && (details.inherit ?? parent?.inherit ?? false),
      dateCreated: at,
      dateModified: at,
      size: 0,
      md5: "",
      infoType: null,
      avus: [],
    };
  }
}
