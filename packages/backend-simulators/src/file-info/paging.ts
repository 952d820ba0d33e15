import type { FastifyRequest } from "fastify";
import type { Entry } from "./catalogue.js";
import { badParameter, missingParameter } from "./errors.js";
import { baseName } from "./paths.js";
import { queryInteger, queryValue, queryValues } from "./request-values.js";

const SORT_KEYS: Record<string, (entry: Entry) => string | number> = {
  name: (entry) => baseName(entry.path),
  path: (entry) => entry.path,
  size: (entry) => entry.size,
  datecreated: (entry) => entry.dateCreated,
  datemodified: (entry) => entry.dateModified,
};

/** `entity-type` (any, file, folder) and `info-type` (repeatable; applies to files) of a listing. */
export function listingFilter(request: FastifyRequest): (entry: Entry) => boolean {
  const entityType = (queryValue(request, "entity-type") ?? "any").toLowerCase();
  if (!["any", "file", "folder"].includes(entityType)) throw badParameter("entity-type", "must be any, file or folder");
  const infoTypes = new Set(queryValues(request, "info-type"));
  return (entry) =>
    (entityType === "any" || (entityType === "file") === (entry.type === "file")) &&
    (entry.type === "dir" || infoTypes.size === 0 || infoTypes.has(entry.infoType ?? ""));
}

function comparator(request: FastifyRequest): (a: Entry, b: Entry) => number {
  const field = (queryValue(request, "sort-field") ?? "name").toLowerCase();
  const key = SORT_KEYS[field];
  if (!key) throw badParameter("sort-field", `must be one of ${Object.keys(SORT_KEYS).join(", ")}`);
  // Upper case only, as data-info's schema has it: callers that take any case (the gateway) must convert.
  const direction = queryValue(request, "sort-dir") ?? "ASC";
  if (direction !== "ASC" && direction !== "DESC") throw badParameter("sort-dir", "must be ASC or DESC");
  const sign = direction === "ASC" ? 1 : -1;
  return (a, b) => {
    const left = key(a);
    const right = key(b);
    const order =
      typeof left === "number" && typeof right === "number"
        ? left - right
        : String(left).localeCompare(String(right), "en");
    return sign * order || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  };
}

/**
 * One page of a listing as data-info pages folders: folders first, then files, each sorted by
 * `sort-field`/`sort-dir`, then `offset` and `limit` applied over the whole sequence.
 */
export function pageOf(entries: Entry[], request: FastifyRequest, limitRequired: boolean) {
  const compare = comparator(request);
  const limit = queryInteger(request, "limit", 1);
  if (limit === undefined && limitRequired) throw missingParameter("limit");
  const offset = queryInteger(request, "offset", 0) ?? 0;
  const ordered = [
    ...entries.filter((entry) => entry.type === "dir").sort(compare),
    ...entries.filter((entry) => entry.type === "file").sort(compare),
  ];
  const page = ordered.slice(offset, limit === undefined ? undefined : offset + limit);
  return {
    total: ordered.length,
    folders: page.filter((entry) => entry.type === "dir"),
    files: page.filter((entry) => entry.type === "file"),
  };
}
