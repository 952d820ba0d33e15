import { mayOnGroup } from "./access.js";
import { illegalArgument, missingQueryParameter, notFound } from "./errors.js";
import type { GrouperState, GroupRecord } from "./state.js";

/** A query parameter compojure-api requires non-blank (common-swagger-api NonBlankString). */
export function requiredText(query: unknown, name: string): string {
  const value = (query as Record<string, unknown>)[name];
  if (value === undefined) throw missingQueryParameter(name);
  if (typeof value !== "string" || !value.trim())
    throw illegalArgument({ [name]: "(not (non-blank-string? a-string))" });
  return value;
}

/** Every groups backend call names the subject it acts as in `?user=` (StandardUserQueryParams). */
export const actorOf = (query: unknown): string => requiredText(query, "user");

/** A query parameter limited to some values (schema.core enum), when given. */
export function oneOf(query: unknown, name: string, allowed: readonly string[]): string | undefined {
  const value = (query as Record<string, unknown>)[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !allowed.includes(value)) {
    throw illegalArgument({
      [name]: `(not (#{${allowed.map((entry) => `"${entry}"`).join(" ")}} ${JSON.stringify(value)}))`,
    });
  }
  return value;
}

export const isTrue = (value: unknown): boolean => value === "true" || value === true;

/** A group the actor may see, or undefined: Grouper finds no other. */
export function seenGroup(state: GrouperState, name: string, actor: string): GroupRecord | undefined {
  const group = state.groups.get(name);
  return group && mayOnGroup(state, group, actor, "view") ? group : undefined;
}

/** A group the actor may see; one it may not see is missing, as Grouper finds none (util/service.clj not-found). */
export function visibleGroup(state: GrouperState, name: string, actor: string): GroupRecord {
  const group = seenGroup(state, name, actor);
  if (!group) throw notFound("group", name);
  return group;
}

/** Whether `name` is inside `folder` (at any depth). */
export const isWithin = (name: string, folder: string): boolean => name.startsWith(`${folder}:`);
