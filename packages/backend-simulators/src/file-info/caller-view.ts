import type { FastifyRequest } from "fastify";
import { callerOf } from "../framework/caller.js";
import { Problem } from "../framework/problems.js";
import type { Entry } from "./catalogue.js";
import {
  doesNotExist,
  missingParameter,
  notAFile,
  notAFolder,
  notAUser,
  notOwner,
  notReadable,
  notWriteable,
} from "./errors.js";
import type { MetadataService } from "./metadata-service.js";
import { logicalPath } from "./paths.js";
import { canRead, canWrite, owns } from "./permissions.js";
import { queryValue } from "./request-values.js";
import type { DataStore } from "./store.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What every file-info route reaches: the current data store and the users it knows. */
export interface FileInfoContext {
  store: () => DataStore;
  users: () => Set<string>;
  /** Where the items' metadata-service AVUs are kept. */
  metadata: MetadataService;
}

/**
 * The data store as one user sees it: lookups that refuse what does not exist (404) or what the user
 * may not touch (403), with the fields data-info puts in those refusals.
 */
export class CallerView {
  constructor(
    readonly store: DataStore,
    readonly user: string,
  ) {}

  entryAt(path: unknown): Entry {
    const normalised = logicalPath(path);
    const entry = this.store.catalogue.at(normalised);
    if (!entry) throw doesNotExist({ path: normalised });
    return entry;
  }

  entryWithId(id: string): Entry {
    if (!UUID.test(id)) throw new Problem(400, "ERR_BAD_REQUEST", `not a data id: ${id}`, { uuid: id });
    const entry = this.store.catalogue.withId(id.toLowerCase());
    if (!entry) throw doesNotExist({ uuid: id });
    return entry;
  }

  /** Entries of all the paths, or ERR_DOES_NOT_EXIST naming every missing one. */
  entriesAt(paths: unknown[]): Entry[] {
    const normalised = paths.map(logicalPath);
    const missing = normalised.filter((path) => !this.store.catalogue.at(path));
    if (missing.length > 0) throw doesNotExist({ paths: missing });
    return normalised.map((path) => this.store.catalogue.at(path) as Entry);
  }

  /**
   * The entry when the caller has any access to it, else ERR_DOES_NOT_EXIST with `details`: data-info's routes that
   * check existence as the caller (clj-irods validate.clj `:path-exists`, entry.clj `get-path-attrs`) find nothing the
   * caller has no access to, as clj-icat-direct's item query keeps only rows the caller's groups have access to.
   */
  seen(entry: Entry, details: Record<string, unknown> = { paths: [entry.path] }): Entry {
    if (!canRead(entry, this.user)) throw doesNotExist(details);
    return entry;
  }

  /** The entry at a path the caller has access to, else ERR_DOES_NOT_EXIST `{paths: [path]}` (`:path-exists`). */
  seenAt(path: unknown): Entry {
    const normalised = logicalPath(path);
    const entry = this.store.catalogue.at(normalised);
    if (!entry) throw doesNotExist({ paths: [normalised] });
    return this.seen(entry);
  }

  /** Whether the path exists and the caller may read it (data-info's existence marker). */
  sees(path: unknown): boolean {
    const entry = this.store.catalogue.at(logicalPath(path));
    return entry !== undefined && canRead(entry, this.user);
  }

  readable(entry: Entry): Entry {
    if (!canRead(entry, this.user)) throw notReadable({ path: entry.path, user: this.user });
    return entry;
  }

  writeable(entry: Entry): Entry {
    if (!canWrite(this.readable(entry), this.user)) throw notWriteable({ path: entry.path });
    return entry;
  }

  owned(entry: Entry): Entry {
    if (!owns(this.readable(entry), this.user)) throw notOwner({ user: this.user, path: entry.path });
    return entry;
  }

  allReadable(entries: Entry[]): Entry[] {
    const refused = entries.filter((entry) => !canRead(entry, this.user)).map((entry) => entry.path);
    if (refused.length > 0) throw notReadable({ paths: refused, user: this.user });
    return entries;
  }

  allWriteable(entries: Entry[]): Entry[] {
    this.allReadable(entries);
    const refused = entries.filter((entry) => !canWrite(entry, this.user)).map((entry) => entry.path);
    if (refused.length > 0) throw notWriteable({ paths: refused });
    return entries;
  }

  allOwned(entries: Entry[]): Entry[] {
    this.allReadable(entries);
    const refused = entries.filter((entry) => !owns(entry, this.user)).map((entry) => entry.path);
    if (refused.length > 0) throw notOwner({ user: this.user, paths: refused });
    return entries;
  }

  folder(entry: Entry): Entry {
    if (entry.type !== "dir") throw notAFolder(entry.path);
    return entry;
  }

  file(entry: Entry): Entry {
    if (entry.type !== "file") throw notAFile({ path: entry.path });
    return entry;
  }
}

/** The caller of a request (`?user=`), who must be a user of the data store. */
export function viewFor(request: FastifyRequest, context: FileInfoContext): CallerView {
  if (queryValue(request, "user") === undefined) throw missingParameter("user");
  const { username } = callerOf(request);
  if (!context.users().has(username)) throw notAUser(username);
  return new CallerView(context.store(), username);
}
