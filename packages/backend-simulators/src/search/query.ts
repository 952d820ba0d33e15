import { ClauseArgs, QueryError } from "./clause-args.js";
import { CLAUSES, type Predicate } from "./clauses.js";
import type { SearchView } from "./sources.js";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const BOOLEAN_PARTS = ["all", "any", "none"] as const;

function clauseList(query: Record<string, unknown>, part: (typeof BOOLEAN_PARTS)[number]): unknown[] {
  const list = query[part];
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new QueryError(`'${part}' must be a list of clauses`);
  return list;
}

/**
 * A query of the language as a predicate: a clause (`{type, args}`), or a boolean query whose `all` must every one
 * match, of whose `any` one at least must match, and whose `none` must not match; boolean queries nest.
 */
export function compileQuery(query: unknown, view: SearchView): Predicate {
  if (!isObject(query)) throw new QueryError("a query must be an object");
  const [all, any, none] = BOOLEAN_PARTS.map((part) =>
    clauseList(query, part).map((clause) => compileQuery(clause, view)),
  ) as [Predicate[], Predicate[], Predicate[]];
  if (all.length + any.length + none.length > 0) {
    return (entry) =>
      all.every((matches) => matches(entry)) &&
      (any.length === 0 || any.some((matches) => matches(entry))) &&
      !none.some((matches) => matches(entry));
  }
  const type = query.type;
  if (type === undefined || type === null || type === "") {
    throw new QueryError("a clause needs a type, a boolean query at least one clause in all, any or none");
  }
  if (typeof type !== "string") throw new QueryError("a clause's type must be text");
  const compile = Object.hasOwn(CLAUSES, type) ? CLAUSES[type] : undefined;
  if (!compile) throw new QueryError(`no clause type '${type}' (see the documentation for the types there are)`);
  return compile(new ClauseArgs(type, query.args), view);
}
