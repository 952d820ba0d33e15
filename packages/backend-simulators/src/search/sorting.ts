import type { Entry } from "../file-info/catalogue.js";
import { isJsonObject } from "../framework/json-object.js";
import { QueryError } from "./clause-args.js";
import { qualifiedName } from "./patterns.js";

const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** The fields results can be sorted by, and each one's value in an entry. */
export const SORT_FIELDS: Readonly<Record<string, (entry: Entry) => string | number>> = {
  id: (entry) => entry.id,
  label: (entry) => baseName(entry.path),
  path: (entry) => entry.path,
  creator: (entry) => qualifiedName(entry.owner),
  dateCreated: (entry) => entry.dateCreated,
  dateModified: (entry) => entry.dateModified,
  fileSize: (entry) => (entry.type === "file" ? entry.size : 0),
};

export interface SortKey {
  field: string;
  value: (entry: Entry) => string | number;
  descending: boolean;
}

/** `sort`: a list of `{field, order}`, order `ascending` or `descending`. */
export function sortKeys(sort: unknown): SortKey[] {
  if (sort === undefined || sort === null) return [];
  if (!Array.isArray(sort) || !sort.every(isJsonObject)) throw new QueryError("sort must be a list of {field, order}");
  return sort.map(({ field, order }) => {
    const value = typeof field === "string" && Object.hasOwn(SORT_FIELDS, field) ? SORT_FIELDS[field] : undefined;
    if (!value) throw new QueryError(`unknown sort field ${JSON.stringify(field)}`);
    if (order !== "ascending" && order !== "descending") {
      throw new QueryError(`sort order ${JSON.stringify(order)} is neither ascending nor descending`);
    }
    return { field: field as string, value, descending: order === "descending" };
  });
}

/** Entries in the keys' order; the path settles ties (and orders results when no key is given). */
export function entryOrder(keys: readonly SortKey[]): (a: Entry, b: Entry) => number {
  return (a, b) => {
    for (const key of keys) {
      const x = key.value(a);
      const y = key.value(b);
      if (x !== y) return (x < y ? -1 : 1) * (key.descending ? -1 : 1);
    }
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  };
}

/**
 * The first `count` items in order, without sorting them all: a page of a large result set costs a pass over it
 * and a small sorted buffer.
 */
export function firstInOrder<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count <= 0) return [];
  if (count * 8 >= items.length) return [...items].sort(compare).slice(0, count);
  const buffer: T[] = [];
  for (const item of items) {
    if (buffer.length === count && compare(item, buffer[count - 1] as T) >= 0) continue;
    let low = 0;
    let high = buffer.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(buffer[middle] as T, item) <= 0) low = middle + 1;
      else high = middle;
    }
    buffer.splice(low, 0, item);
    if (buffer.length > count) buffer.pop();
  }
  return buffer;
}
