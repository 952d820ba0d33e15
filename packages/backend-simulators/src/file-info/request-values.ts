import type { FastifyRequest } from "fastify";
import { queryOf } from "../framework/caller.js";
import { Problem } from "../framework/problems.js";
import { failed, MISSING } from "../framework/schema-refusals.js";
import { badField, badParameter, missingParameter } from "./errors.js";
import { illegalArgument } from "./schema-refusals.js";

/** data-info refuses requests naming more paths than this. */
export const MAX_PATHS_IN_REQUEST = 1000;

/** Every value of a (possibly repeated) query parameter. */
export function queryValues(request: FastifyRequest, name: string): string[] {
  const value = queryOf(request)[name];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.filter((item): item is string => typeof item === "string" && item !== "");
}

export const queryValue = (request: FastifyRequest, name: string): string | undefined => queryValues(request, name)[0];

export function requiredQuery(request: FastifyRequest, name: string): string {
  const value = queryValue(request, name);
  if (value === undefined) throw missingParameter(name);
  return value;
}

/** An integer query parameter of at least `minimum`, or undefined when absent. */
export function queryInteger(request: FastifyRequest, name: string, minimum: number): number | undefined {
  const value = queryValue(request, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < minimum) {
    throw badParameter(name, `must be an integer of at least ${minimum}`);
  }
  return Number(value);
}

/** `true`/`1` and `false`/`0`; absent is `fallback`. */
export function queryBoolean(request: FastifyRequest, name: string, fallback = false): boolean {
  const value = queryValue(request, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  throw badParameter(name, "must be true or false");
}

/** A JSON object body; anything else (no body too) is refused as data-info's body schemas refuse it. */
export function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body;
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw illegalArgument(failed("map?", value));
  return value as Record<string, unknown>;
}

/** What data-info's schemas say of one item of a list of non-blank strings (NonBlankString), null when it is one. */
const refusedItem = (item: unknown) =>
  typeof item !== "string"
    ? failed("instance? java.lang.String", item)
    : item.trim() === ""
      ? failed("non-blank-string?", item)
      : null;

/**
 * A list of non-blank strings in a body field (`[NonBlankString]`), refused as data-info's schemas refuse it: a
 * missing `required` field, a value that is no list, the items that are no non-blank strings; `paths` lists
 * (common-swagger-api `Paths`) need one item at least. The simulator also refuses other empty `required` lists.
 */
export function stringList(fields: Record<string, unknown>, name: string, required = true): string[] {
  const value = fields[name];
  if (value === undefined) {
    if (required) throw illegalArgument({ [name]: MISSING });
    return [];
  }
  if (!Array.isArray(value)) throw illegalArgument({ [name]: failed("sequential?", value) });
  if (required && value.length === 0) {
    if (name === "paths") throw illegalArgument({ [name]: ["(not (present? path))"] });
    throw badField(`${name} needs at least one entry`, { field: name });
  }
  const refused = value.map(refusedItem);
  if (refused.some((problem) => problem !== null)) throw illegalArgument({ [name]: refused });
  if (value.length > MAX_PATHS_IN_REQUEST) {
    throw new Problem(400, "ERR_TOO_MANY_RESULTS", `at most ${MAX_PATHS_IN_REQUEST} paths per request`, {
      count: value.length,
      limit: MAX_PATHS_IN_REQUEST,
    });
  }
  return value as string[];
}

/** A required non-blank string field of a body (`NonBlankString`), refused as data-info's schemas refuse it. */
export function textField(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  if (value === undefined) throw illegalArgument({ [name]: MISSING });
  const refused = refusedItem(value);
  if (refused !== null) throw illegalArgument({ [name]: refused });
  return value as string;
}
