import { goBoolError, parseGoBool } from "../framework/go-bool.js";
import { badRequest } from "./service-errors.js";
import { qualified } from "./usernames.js";

/** echo's QueryParam: the first value given for a name, or "" when there is none. */
export function queryParam(query: unknown, name: string): string {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : "";
}

/** The `user` every handler requires (api/v1/*.go), qualified as they look it up. */
export function requiredUser(query: unknown): string {
  const user = queryParam(query, "user");
  if (!user) throw badRequest("missing required query parameter: user");
  return qualified(user);
}

const invalid = (name: string, parser: string, value: string) =>
  badRequest(`invalid query parameter: ${name}: strconv.${parser}: parsing ${JSON.stringify(value)}: invalid syntax`);

/** query/main.go ValidateBoolPQueryParam: absent is undefined. */
export function optionalBool(query: unknown, name: string): boolean | undefined {
  const value = queryParam(query, name);
  if (value === "") return undefined;
  const parsed = parseGoBool(value);
  if (parsed === undefined) throw badRequest(goBoolError(name, value));
  return parsed;
}

/** query/main.go ValidateUIntQueryParam with a default of 0. */
export function uintParam(query: unknown, name: string): number {
  const value = queryParam(query, name);
  if (value === "") return 0;
  if (!/^\d+$/.test(value)) throw invalid(name, "ParseUint", value);
  return Number(value);
}

/** A listing's or deletion's `filter` (api/v1/listings.go, updates.go): lower case, spaces read as underscores. */
export const filterParam = (query: unknown): string => queryParam(query, "filter").toLowerCase().replaceAll(" ", "_");
