import { isJsonObject } from "./json-object.js";
import { badRequest, missingField } from "./problems.js";

/** A query value as a trimmed string, or undefined when absent or blank. */
export function queryText(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() ? first.trim() : undefined;
}

function nonNegative(query: Record<string, unknown>, name: string): number | undefined {
  const value = queryText(query, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw badRequest(`${name} must be a non-negative integer`, "ERR_ILLEGAL_ARGUMENT");
  return Number(value);
}

/** `true`/`false` query flags; anything else is refused like the backends do. */
export function queryFlag(query: Record<string, unknown>, name: string): boolean | undefined {
  const value = queryText(query, name);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") throw badRequest(`${name} must be true or false`, "ERR_ILLEGAL_ARGUMENT");
  return value === "true";
}

/**
 * Sorts and pages a listing with the backends' common parameters: `sort-field`, `sort-dir` (ASC or
 * DESC), `offset` and `limit` (0 or absent: everything).
 */
export function paged<T extends object>(
  items: readonly T[],
  query: Record<string, unknown>,
  defaultSort: keyof T,
): T[] {
  const field = (queryText(query, "sort-field") ?? String(defaultSort)) as keyof T;
  const direction = (queryText(query, "sort-dir") ?? "ASC").toUpperCase();
  if (direction !== "ASC" && direction !== "DESC")
    throw badRequest("sort-dir must be ASC or DESC", "ERR_ILLEGAL_ARGUMENT");
  const sign = direction === "ASC" ? 1 : -1;
  const sorted = [...items].sort((a, b) => {
    const left = a[field] as unknown;
    const right = b[field] as unknown;
    if (typeof left === "number" && typeof right === "number") return sign * (left - right);
    return sign * String(left ?? "").localeCompare(String(right ?? ""), "en", { sensitivity: "base" });
  });
  const offset = nonNegative(query, "offset") ?? 0;
  const limit = nonNegative(query, "limit") ?? 0;
  return sorted.slice(offset, limit > 0 ? offset + limit : undefined);
}

/** A required JSON object body. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (!isJsonObject(body)) {
    throw badRequest("the request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/** A required non-blank string field of a body. */
export function requiredText(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== "string" || !value.trim()) throw missingField(field);
  return value;
}
