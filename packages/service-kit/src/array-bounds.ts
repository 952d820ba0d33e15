import type { RouteOptions } from "fastify";

/**
 * The most items an array in a request (query or body) may hold when its schema names no bound of its own. The
 * spec names none; each item may cost a backend call (user-info looks every name up), so a request's reach stays
 * bounded. A schema that needs another bound says so with its own `maxItems`, which is kept.
 */
export const DEFAULT_MAX_ITEMS = 1000;

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null;

/** Sets `maxItems` on every array of a schema that has none, however deep (properties, items, unions). */
export function boundArrays(schema: unknown, maxItems = DEFAULT_MAX_ITEMS, seen = new Set<Schema>()): void {
  if (!isSchema(schema) || seen.has(schema)) return;
  seen.add(schema);
  if (schema.type === "array" && schema.maxItems === undefined) schema.maxItems = maxItems;
  for (const key of ["items", "additionalProperties", "not", "contains"]) boundArrays(schema[key], maxItems, seen);
  for (const key of ["anyOf", "allOf", "oneOf", "prefixItems"]) {
    const list = schema[key];
    if (Array.isArray(list)) for (const item of list) boundArrays(item, maxItems, seen);
  }
  for (const key of ["properties", "patternProperties"]) {
    const map = schema[key];
    if (isSchema(map)) for (const item of Object.values(map)) boundArrays(item, maxItems, seen);
  }
}

/**
 * Every route's query and body arrays get a bound (an `onRoute` hook: before the schemas are compiled), so a
 * request beyond it is refused with 400 like any other invalid request. A passthrough's body is not parsed by
 * the gateway (its schema is `unknown`): there the body size limit holds, and the backend's own checks.
 */
export function boundRequestArrays(route: RouteOptions): void {
  boundArrays(route.schema?.querystring ?? (route.schema as { query?: unknown } | undefined)?.query);
  boundArrays(route.schema?.body);
}
