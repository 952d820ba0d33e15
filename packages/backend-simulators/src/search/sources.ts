import type { Avu, Entry } from "../file-info/catalogue.js";
import { IRODS_ZONE } from "../file-info/navigation.js";
import { permissionOf } from "../file-info/permissions.js";
import type { DataStore } from "../file-info/store.js";
import type { AvusState } from "../metadata/avu-store.js";
import type { TagsState } from "../metadata/tags.js";
import { qualifiedName } from "./patterns.js";

/**
 * What the search engine reads, handed in by the platform: the file-info simulator's data store and the metadata
 * simulator's tags and AVUs. They are read as they are at each query, so every change is found at once, the way an
 * index kept current on each change would find it.
 */
export interface SearchSources {
  dataStore: () => DataStore;
  tags: () => TagsState;
  avus: () => AvusState;
  /** The data store's users (file-info's): who may search. */
  users: () => ReadonlySet<string>;
}

/**
 * What the index holds: everything below the zone's folder, as infosquito2's reindex reads the ICAT (`icat.go`,
 * `coll_name LIKE '/<zone>/%'`): items in the trash too, which keep their owner's access list.
 */
const INDEXED_PREFIX = `/${IRODS_ZONE}/`;

/** An attribute, value and unit as the index holds them. */
export interface IndexedAvu {
  attribute: string;
  value: string;
  unit: string;
}

const indexedAvu = (avu: { attr?: unknown; attribute?: unknown; value?: unknown; unit?: unknown }): IndexedAvu => ({
  attribute: String(avu.attr ?? avu.attribute ?? ""),
  value: String(avu.value ?? ""),
  unit: String(avu.unit ?? ""),
});

/**
 * The data store's entries as one search sees them: what is indexed (everything below the zone's folder, the trash
 * included) and the lookups clauses need, each made once per search.
 */
export class SearchView {
  private cyverseByTarget: Map<string, IndexedAvu[]> | undefined;

  constructor(
    readonly sources: SearchSources,
    /** Who searches: results are what this user may read. */
    readonly user: string,
  ) {}

  /** The entries of the data store, which `indexed` tells the index's from. */
  entries(): IterableIterator<Entry> {
    return this.sources.dataStore().catalogue.values();
  }

  indexed(entry: Entry): boolean {
    return entry.path.startsWith(INDEXED_PREFIX);
  }

  permissionOf(entry: Entry) {
    return permissionOf(entry, this.user);
  }

  /** The access list as the index names its users and groups (`alice#iplant`). */
  userPermissions(entry: Entry): Array<{ user: string; permission: string }> {
    return [...entry.acl].map(([user, permission]) => ({ user: qualifiedName(user), permission }));
  }

  /** The iRODS AVUs of an entry, the platform's own (`ipc…`) included, as the index holds them. */
  irodsAvus(entry: Entry): IndexedAvu[] {
    return entry.avus.map((avu: Avu) => indexedAvu(avu));
  }

  /** The metadata service's AVUs of an entry: those on it as a target. */
  cyverseAvus(entry: Entry): IndexedAvu[] {
    if (!this.cyverseByTarget) {
      this.cyverseByTarget = new Map();
      for (const avu of this.sources.avus().avus.values()) {
        if (avu.target_type !== "file" && avu.target_type !== "folder") continue;
        const list = this.cyverseByTarget.get(avu.target_id) ?? [];
        list.push(indexedAvu(avu));
        this.cyverseByTarget.set(avu.target_id, list);
      }
    }
    return this.cyverseByTarget.get(entry.id) ?? [];
  }

  /** The searching user's tags with these ids; tags of others are not the user's to search by. */
  ownTags(ids: readonly string[]) {
    const tags = this.sources.tags().tags;
    return ids.flatMap((id) => {
      const tag = tags.get(id.toLowerCase());
      return tag && tag.owner_id === this.user ? [tag] : [];
    });
  }

  /** The ids of the data items the tags are attached to now. */
  targetsOfTags(tagIds: ReadonlySet<string>): Set<string> {
    return new Set(
      this.sources
        .tags()
        .attachments.filter((attachment) => attachment.detached_on === null && tagIds.has(attachment.tag_id))
        .map((attachment) => attachment.target_id),
    );
  }
}
