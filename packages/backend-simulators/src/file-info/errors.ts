import { Problem } from "../apps/problems.js";

/**
 * data-info's refusals: its error codes with the fields it names in the body (`path`, `paths`, `user`…).
 * data-info itself answers most of them with a 500; the simulator gives each a fitting 4xx.
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
export const missingParameter = (name: string) =>
  new Problem(400, "ERR_MISSING_QUERY_PARAMETER", `the ${name} query parameter is required`, { parameters: name });
export const badParameter = (name: string, reason: string) =>
  new Problem(400, "ERR_BAD_QUERY_PARAMETER", `${name}: ${reason}`, { parameters: name });
