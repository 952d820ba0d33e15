import { InvalidRequest, Problem } from "../framework/problems.js";

/**
 * data-info's refusals of requests its compojure-api schemas (common-swagger-api) do not accept, in the words of
 * Prismatic schema: clojure-commons' exception.clj answers them 400 `ERR_ILLEGAL_ARGUMENT` with `reason` the schema
 * error, each refused field with `missing-required-key`, `disallowed-key` or `(not (<check> <value>))`.
 */

/** How Clojure prints a value read from JSON (cheshire keywordises keys). */
function printed(value: unknown): string {
  if (value === null || value === undefined) return "nil";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(printed).join(" ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `:${key} ${printed(item)}`)
      .join(", ")}}`;
  }
  return String(value);
}

/** `str` of a value, which schema measures to decide whether to show the value or only its class. */
const strOf = (value: unknown) => (typeof value === "string" ? value : value === null ? "" : printed(value));

function className(value: unknown): string {
  if (typeof value === "string") return "java.lang.String";
  if (Array.isArray(value)) return "clojure.lang.PersistentVector";
  if (typeof value === "object" && value !== null) return "clojure.lang.PersistentArrayMap";
  if (typeof value === "number") return Number.isInteger(value) ? "java.lang.Integer" : "java.lang.Double";
  return "java.lang.Boolean";
}

/** schema.utils/value-name: the value itself when short, else `a-<class>`. */
const valueName = (value: unknown) => (strOf(value).length < 20 ? printed(value) : `a-${className(value)}`);

/** A failed check as schema explains it: `(not (map? nil))`, `(not (non-blank-string? ""))`. */
export const failed = (check: string, value: unknown) => `(not (${check} ${valueName(value)}))`;

export const MISSING = "missing-required-key";

/** A body or query that its schema refuses: 400 ERR_ILLEGAL_ARGUMENT with the schema error as `reason`. */
export const illegalArgument = (reason: Record<string, unknown> | string) => new InvalidRequest(reason);

/**
 * An answer that data-info's own response schema refuses (compojure-api's response coercion): 500
 * `ERR_SCHEMA_VALIDATION` with the schema error as `reason` (exception.clj handle-response-validation-errors).
 */
export const invalidAnswer = (reason: string) => new Problem(500, "ERR_SCHEMA_VALIDATION", reason);
