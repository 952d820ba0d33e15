import { InvalidRequest, Problem } from "../framework/problems.js";

/**
 * data-info's refusals of requests its compojure-api schemas (common-swagger-api) do not accept, worded as
 * framework/schema-refusals.ts words them.
 */

/** A body or query that its schema refuses: 400 ERR_ILLEGAL_ARGUMENT with the schema error as `reason`. */
export const illegalArgument = (reason: Record<string, unknown> | string) => new InvalidRequest(reason);

/**
 * An answer that data-info's own response schema refuses (compojure-api's response coercion): 500
 * `ERR_SCHEMA_VALIDATION` with the schema error as `reason` (exception.clj handle-response-validation-errors).
 */
export const invalidAnswer = (reason: string) => new Problem(500, "ERR_SCHEMA_VALIDATION", reason);
