import { Problem } from "../framework/problems.js";
import { MISSING } from "../framework/schema-refusals.js";
import { illegalArgument } from "./schema-refusals.js";

// clojure-commons' table of statuses: data-info answers every other error code with 500.
const COMMONS_STATUSES: Readonly<Record<string, number>> = {
  ERR_BAD_OR_MISSING_FIELD: 400,
  ERR_ILLEGAL_ARGUMENT: 400,
  ERR_INVALID_JSON: 400,
  ERR_BAD_REQUEST: 400,
  ERR_BAD_QUERY_PARAMETER: 400,
  ERR_MISSING_QUERY_PARAMETER: 400,
  ERR_NOT_AUTHORIZED: 401,
  ERR_NOT_OWNER: 403,
  ERR_FORBIDDEN: 403,
  ERR_NOT_FOUND: 404,
  ERR_NOT_UNIQUE: 400,
  ERR_CONFLICTING_QUERY_PARAMETER_VALUES: 409,
  ERR_CONFLICT: 409,
  ERR_REQUEST_BODY_TOO_LARGE: 413,
};

/**
 * The status data-info answers a refusal with: clojure-commons' for the codes it knows, 500 for every other (a
 * missing path, a name taken, a folder not writeable). The simulator's own upload limit keeps its 413.
 */
export function dataInfoStatus(problem: Problem): number {
  if (problem.status === 413) return 413;
  return COMMONS_STATUSES[problem.code] ?? 500;
}

/**
 * data-info's refusals: its error codes with the fields it names in the body (`path`, `paths`, `user`…). The
 * status given here says what each means; the answer carries `dataInfoStatus`, as data-info's would.
 */
export const doesNotExist = (details: Record<string, unknown>) =>
  new Problem(404, "ERR_DOES_NOT_EXIST", "no such file or folder", details);
export const notReadable = (details: Record<string, unknown>) =>
  new Problem(403, "ERR_NOT_READABLE", "not readable by the user", details);
export const notWriteable = (details: Record<string, unknown>) =>
  new Problem(403, "ERR_NOT_WRITEABLE", "not writeable by the user", details);
export const notOwner = (details: Record<string, unknown>) =>
  new Problem(403, "ERR_NOT_OWNER", "not owned by the user", details);
export const notAuthorized = (reason: string, details: Record<string, unknown>) =>
  new Problem(403, "ERR_NOT_AUTHORIZED", reason, details);
export const alreadyExists = (details: Record<string, unknown>) =>
  new Problem(409, "ERR_EXISTS", "already exists", details);
export const notAFolder = (path: string) => new Problem(400, "ERR_NOT_A_FOLDER", "not a folder", { path });
export const notAFile = (details: Record<string, unknown>) => new Problem(400, "ERR_NOT_A_FILE", "not a file", details);
export const notAUser = (user: string) => new Problem(400, "ERR_NOT_A_USER", `no such user: ${user}`, { user });
export const badField = (reason: string, details: Record<string, unknown> = {}) =>
  new Problem(400, "ERR_BAD_OR_MISSING_FIELD", reason, details);
/** A query parameter that the route's schema requires, missing: compojure-api's refusal (schema-refusals.ts). */
export const missingParameter = (name: string) => illegalArgument({ [name]: MISSING });
export const badParameter = (name: string, reason: string) =>
  new Problem(400, "ERR_BAD_QUERY_PARAMETER", `${name}: ${reason}`, { parameters: name });
