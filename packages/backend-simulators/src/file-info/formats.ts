import type { Entry } from "./catalogue.js";
import { mediaTypeOf } from "./content-types.js";
import { baseName, pathLabel } from "./paths.js";
import { canRead, permissionOf, sharesOf } from "./permissions.js";
import type { DataStore } from "./store.js";

/** Every field of a stat (common-swagger-api's stats.clj), the set `filter-include`/`filter-exclude` pick from. */
export const STAT_FIELDS = [
  "id",
  "path",
  "type",
  "label",
  "date-created",
  "date-modified",
  "permission",
  "share-count",
  "file-count",
  "dir-count",
  "file-size",
  "content-type",
  "infoType",
  "md5",
] as const;

const readableChildren = (store: DataStore, folder: Entry, user: string) =>
  store.catalogue.childrenOf(folder.path).filter((child) => canRead(child, user));

/**
 * A stat as data-info gives it: common fields, then counts for folders or size, media type, info type
 * and checksum for files; `share-count` only for what the user owns. `fields` limits the answer.
 */
export function statOf(
  store: DataStore,
  entry: Entry,
  user: string,
  fields: ReadonlySet<string> = new Set(STAT_FIELDS),
): Record<string, unknown> {
  const permission = permissionOf(entry, user) ?? null;
  const stat: Record<string, unknown> = {
    id: entry.id,
    path: entry.path,
    type: entry.type,
    label: pathLabel(user, entry.path),
    "date-created": entry.dateCreated,
    "date-modified": entry.dateModified,
    permission,
  };
  if (permission === "own") stat["share-count"] = sharesOf(entry, user).length;
  if (entry.type === "dir") {
    const children = readableChildren(store, entry, user);
    stat["file-count"] = children.filter((child) => child.type === "file").length;
    stat["dir-count"] = children.filter((child) => child.type === "dir").length;
  } else {
    Object.assign(stat, {
      "file-size": entry.size,
      "content-type": mediaTypeOf(entry.path),
      infoType: entry.infoType ?? "",
      md5: entry.md5,
    });
  }
  return Object.fromEntries(Object.entries(stat).filter(([key]) => fields.has(key)));
}

/** `filter-include` then `filter-exclude` (comma-separated field names), as data-info processes them. */
export function statFields(include: string | undefined, exclude: string | undefined): Set<string> {
  const split = (value: string) => value.split(",").map((field) => field.trim());
  const included = include ? new Set(split(include)) : new Set<string>(STAT_FIELDS);
  for (const field of exclude ? split(exclude) : []) included.delete(field);
  return new Set(STAT_FIELDS.filter((field) => included.has(field)));
}

/** What marks an item's name as bad in a listing (`bad-chars`, `bad-name`, `bad-path`). */
export interface BadNameRules {
  chars: Set<string>;
  names: Set<string>;
  paths: Set<string>;
}

const isBad = (rules: BadNameRules, path: string) =>
  rules.paths.has(path) || rules.names.has(baseName(path)) || [...baseName(path)].some((c) => rules.chars.has(c));

/** An item of a paged folder listing, named as data-info names them (plus `type`); like data-info's, unlabelled. */
export function listingItem(entry: Entry, user: string, rules: BadNameRules) {
  return {
    id: entry.id,
    path: entry.path,
    name: baseName(entry.path),
    type: entry.type,
    dateCreated: entry.dateCreated,
    dateModified: entry.dateModified,
    badName: isBad(rules, entry.path),
    infoType: entry.infoType,
    permission: permissionOf(entry, user) ?? null,
    size: entry.size,
  };
}

/** A folder as the navigation endpoints show it (navigation.clj's RootListing / FolderListing). */
export const navigationFolder = (entry: Entry, user: string) => ({
  id: entry.id,
  path: entry.path,
  label: pathLabel(user, entry.path),
  "date-created": entry.dateCreated,
  "date-modified": entry.dateModified,
  permission: permissionOf(entry, user) ?? null,
});
