import { enumFail, requiredFail } from "./errors.js";
import { PERMISSION_LEVELS, type PermissionLevel, type SubjectType } from "./store.js";

/** What go-swagger binds from a request (restapi/operations/*_parameters.go), refusing what its spec does not allow. */

const SUBJECT_TYPES = ["user", "group"] as const;

const lastValue = (value: unknown): string | undefined =>
  Array.isArray(value) ? lastValue(value[value.length - 1]) : typeof value === "string" ? value : undefined;

export function subjectType(value: unknown, name: string, place: string): SubjectType {
  if (value === undefined) throw requiredFail(name, place);
  if (!(SUBJECT_TYPES as readonly unknown[]).includes(value)) throw enumFail(name, place, SUBJECT_TYPES);
  return value as SubjectType;
}

export function permissionLevel(value: unknown, name: string, place: string): PermissionLevel {
  if (value === undefined || value === null) throw requiredFail(name, place);
  if (!(PERMISSION_LEVELS as readonly unknown[]).includes(value)) throw enumFail(name, place, PERMISSION_LEVELS);
  return value as PermissionLevel;
}

/**
 * `lookup`, read with swag.ConvertBool: true, 1, yes, ok, y, on, selected, checked, t or enabled, in any case, and
 * anything else false; never refused.
 */
export function lookupFlag(query: Record<string, unknown>): boolean {
  const raw = (lastValue(query.lookup) ?? "").toLowerCase();
  return ["true", "1", "yes", "ok", "y", "on", "selected", "checked", "t", "enabled"].includes(raw);
}

/** `min-level`, named min_level in go-swagger's messages; empty values pass. */
export function minLevel(query: Record<string, unknown>): PermissionLevel | undefined {
  const raw = lastValue(query["min-level"]) ?? "";
  return raw === "" ? undefined : permissionLevel(raw, "min_level", "query");
}

/** A required query or body string. */
export function requiredText(value: unknown, name: string, place: string): string {
  if (typeof value !== "string" || value === "") throw requiredFail(name, place);
  return value;
}
