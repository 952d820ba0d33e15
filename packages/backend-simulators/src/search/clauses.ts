import type { Entry } from "../file-info/catalogue.js";
import { type ClauseArgs, QueryError } from "./clause-args.js";
import { implicitWildcards, patternMatcher, wildcardMatcher, withAnyZone } from "./patterns.js";
import type { IndexedAvu, SearchView } from "./sources.js";
import { byteCount, epochMs } from "./values.js";

export type Predicate = (entry: Entry) => boolean;
type ClauseCompiler = (args: ClauseArgs, view: SearchView) => Predicate;

const RANK: Record<string, number> = { read: 1, write: 2, own: 3 };

/** The label (the name): wildcard terms, words made into infix terms unless `exact`. */
const label: ClauseCompiler = (args) => {
  const text = args.string("label");
  if (!text) throw new QueryError("label: no label was given");
  const matches = wildcardMatcher(args.bool("exact") ? text : implicitWildcards(text));
  return (entry) => matches(entry.path, entry.path.lastIndexOf("/") + 1);
};

/** The path begins with `prefix`. */
const path: ClauseCompiler = (args) => {
  const prefix = args.string("prefix");
  if (!prefix) throw new QueryError("path: no prefix was given");
  return (entry) => entry.path.startsWith(prefix);
};

/** An owner of the entry matches `owner` (a pattern; an unqualified name matches it in any zone). */
const owner: ClauseCompiler = (args, view) => {
  const name = args.string("owner");
  if (!name) throw new QueryError("owner: no owner was given");
  const matches = patternMatcher(withAnyZone(name));
  return (entry) => view.userPermissions(entry).some((held) => held.permission === "own" && matches(held.user));
};

/**
 * One of `users` holds `permission` on the entry (or more, with `permission_recurse`). Unqualified names match in
 * any zone unless `exact`.
 */
const permissions: ClauseCompiler = (args, view) => {
  const users = args.strings("users");
  const permission = args.string("permission");
  if (users.length === 0) throw new QueryError("permissions: no users were given");
  if (!permission) throw new QueryError("permissions: no permission was given");
  if (!(permission in RANK)) throw new QueryError(`permissions: '${permission}' is not read, write or own`);
  const recurse = args.bool("permission_recurse");
  const exact = args.bool("exact");
  const matchers = users.map((user) =>
    exact || user.includes("#") ? (held: string) => held === user : patternMatcher(withAnyZone(user)),
  );
  const enough = (held: string) => (recurse ? (RANK[held] ?? 0) >= (RANK[permission] as number) : held === permission);
  return (entry) =>
    view
      .userPermissions(entry)
      .some((held) => enough(held.permission) && matchers.some((matches) => matches(held.user)));
};

/** `from` and `to` (either may be left out) as a closed range of numbers read by `read`. */
function range(type: string, args: ClauseArgs, read: (text: string) => number | undefined, what: string) {
  const bound = (name: string) => {
    const text = args.string(name);
    if (!text) return undefined;
    const value = read(text);
    if (value === undefined) throw new QueryError(`${type}: "${text}" is not ${what}`);
    return value;
  };
  const from = bound("from");
  const to = bound("to");
  if (from === undefined && to === undefined) throw new QueryError(`${type}: neither from nor to was given`);
  return (value: number) => (from === undefined || value >= from) && (to === undefined || value <= to);
}

const DATE = "a date (milliseconds, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS.mmmZ)";
const created: ClauseCompiler = (args) => {
  const within = range("created", args, epochMs, DATE);
  return (entry) => within(entry.dateCreated);
};
const modified: ClauseCompiler = (args) => {
  const within = range("modified", args, epochMs, DATE);
  return (entry) => within(entry.dateModified);
};

/** Files only: folders have no size. */
const size: ClauseCompiler = (args) => {
  const within = range("size", args, byteCount, "a size (bytes, or a number and KB, MB, GB or TB)");
  return (entry) => entry.type === "file" && within(entry.size);
};

/** Entries any of the tags is attached to; every tag must be one of the searching user's own. */
const tag: ClauseCompiler = (args, view) => {
  const ids = args.strings("tags");
  if (ids.length === 0) throw new QueryError("tag: no tags were given");
  const own = view.ownTags(ids);
  if (own.length !== new Set(ids.map((id) => id.toLowerCase())).size) {
    throw new QueryError(`tag: found ${own.length} of the ${ids.length} tags given among the user's own`);
  }
  const targets = view.targetsOfTags(new Set(own.map((found) => found.id)));
  return (entry) => targets.has(entry.id);
};

/**
 * An AVU of the entry matches: attribute, value and unit each (when given) as wildcard terms, words made into infix
 * terms unless `*_exact`; in the iRODS AVUs, the metadata service's (`cyverse`) or both (`metadata_types`).
 */
const metadata: ClauseCompiler = (args, view) => {
  const parts = (["attribute", "value", "unit"] as const).map((name) => {
    const text = args.string(name);
    if (!text) return undefined;
    const matches = wildcardMatcher(args.bool(`${name}_exact`) ? text : implicitWildcards(text));
    return (avu: IndexedAvu) => matches(avu[name]);
  });
  const checks = parts.filter((part) => part !== undefined);
  if (checks.length === 0) throw new QueryError("metadata: give at least one of attribute, value or unit");
  const types = args.strings("metadata_types");
  const unknown = types.find((type) => type !== "irods" && type !== "cyverse");
  if (unknown !== undefined) throw new QueryError(`metadata: metadata type '${unknown}' is not irods or cyverse`);
  const irods = types.length === 0 || types.includes("irods");
  const cyverse = types.length === 0 || types.includes("cyverse");
  const matches = (avu: IndexedAvu) => checks.every((check) => check(avu));
  return (entry) =>
    (irods && view.irodsAvus(entry).some(matches)) || (cyverse && view.cyverseAvus(entry).some(matches));
};

/** The clause types of the query language, by name. */
export const CLAUSES: Readonly<Record<string, ClauseCompiler>> = {
  label,
  path,
  owner,
  permissions,
  created,
  modified,
  size,
  tag,
  metadata,
};
