import { badRequest } from "./echo-errors.js";

type Kind = "string" | "boolean" | "integer" | "object";
type ValueOf<K extends Kind> = K extends "string"
  ? string
  : K extends "boolean"
    ? boolean
    : K extends "integer"
      ? number
      : Record<string, unknown>;
type Bound<F extends Record<string, Kind>> = Partial<{ [Field in keyof F]: ValueOf<F[Field]> }>;

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "number" ? "number" : typeof value;

function fits(value: unknown, kind: Kind): boolean {
  if (kind === "integer") return Number.isInteger(value);
  if (kind === "object") return typeof value === "object" && value !== null && !Array.isArray(value);
  return typeof value === kind;
}

/**
 * A JSON body bound to the fields a Go struct declares, as echo's `Bind` does: the body must be an object, each
 * declared field present must have its type (`null` leaves it unset), undeclared fields are ignored.
 */
export function bind<F extends Record<string, Kind>>(body: unknown, fields: F): Bound<F> {
  if (body === undefined || body === null) return {};
  if (kindOf(body) !== "object") {
    throw badRequest(`Unmarshal type error: expected=object, got=${kindOf(body)}`);
  }
  const bound: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(fields)) {
    const value = (body as Record<string, unknown>)[field];
    if (value === undefined || value === null) continue;
    if (!fits(value, kind)) {
      throw badRequest(`Unmarshal type error: expected=${kind}, got=${kindOf(value)}, field=${field}`);
    }
    bound[field] = value;
  }
  return bound as Bound<F>;
}
