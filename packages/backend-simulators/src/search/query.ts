import { isJsonObject } from "../framework/json-object.js";
import { ClauseArgs, QueryError } from "./clause-args.js";
import { CLAUSES, type Predicate } from "./clauses.js";
import type { SearchView } from "./sources.js";

const BOOLEAN_PARTS = ["all", "any", "none"] as const;

function clauseList(query: Record<string, unknown>, part: (typeof BOOLEAN_PARTS)[number]): unknown[] {
  const list = query[part];
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new QueryError(`'${part}' must be a list of clauses`);
  return list;
}

function booleanQuery(query: Record<string, unknown>, view: SearchView): Predicate[][] {
  return BOOLEAN_PARTS.map((part) => clauseList(query, part).map((clause) => compileQuery(clause, view)));
}

const matchesParts =
  ([all, any, none]: Predicate[][]): Predicate =>
  (entry) =>
    (all ?? []).every((matches) => matches(entry)) &&
    (any === undefined || any.length === 0 || any.some((matches) => matches(entry))) &&
    !(none ?? []).some((matches) => matches(entry));

/**
 * Whether the service panics on this top-level query: it appends its permission clause to the query's `all`, through
 * querydsl's embedded `*Query`, which JSON decoding leaves nil unless one of `all`, `any`, `none` is present (or
 * the query is null): a nil pointer dereference (data/data.go, querydsl.go GenericClause), and Go's server drops
 * the connection.
 */
export const panicsAtTop = (query: unknown) =>
  query === null || (isJsonObject(query) && !BOOLEAN_PARTS.some((part) => part in query));

/**
 * The top-level query: a boolean query whose clause lists may all be empty (`{all: []}` is every entry the user
 * may read, the service's permission clause being then the only one), any `type` beside them ignored.
 */
export function compileTopQuery(query: unknown, view: SearchView): Predicate {
  if (!isJsonObject(query)) throw new QueryError("a query must be an object");
  return matchesParts(booleanQuery(query, view));
}

/**
 * A query of the language as a predicate: a clause (`{type, args}`), or a boolean query whose `all` must every one
 * match, of whose `any` one at least must match, and whose `none` must not match; boolean queries nest.
 */
export function compileQuery(query: unknown, view: SearchView): Predicate {
  if (!isJsonObject(query)) throw new QueryError("a query must be an object");
  const parts = booleanQuery(query, view);
  if (parts.some((part) => part.length > 0)) return matchesParts(parts);
  const type = query.type;
  if (type === undefined || type === null || type === "") {
    throw new QueryError("a clause needs a type, a boolean query at least one clause in all, any or none");
  }
  if (typeof type !== "string") throw new QueryError("a clause's type must be text");
  const compile = Object.hasOwn(CLAUSES, type) ? CLAUSES[type] : undefined;
  if (!compile) throw new QueryError(`no clause type '${type}' (see the documentation for the types there are)`);
  return compile(new ClauseArgs(type, query.args), view);
}
