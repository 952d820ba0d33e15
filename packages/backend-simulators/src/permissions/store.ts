import { stableId } from "../framework/stable-id.js";

/** Permission levels of the permissions service, weakest first (its `precedence` runs the other way). */
export const PERMISSION_LEVELS = ["read", "admin", "write", "own"] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];
export type SubjectType = "user" | "group";

/** A permission on a shared resource (an app, an analysis, a tool, …) held by a user or a group. */
export interface PermissionGrant {
  resource_type: string;
  resource_name: string;
  subject_type: SubjectType;
  subject_id: string;
  permission_level: PermissionLevel;
}

export interface PermissionsState {
  grants: PermissionGrant[];
  /** The subjects table: a row per external id (unique whatever the type), added by a grant or a copy. */
  subjects: Map<string, SubjectType>;
}

/** Grouper's source of a subject (its grouper_members row), when Grouper has one. */
export type SourceOf = (subjectId: string) => string | undefined;

export const strength = (level: PermissionLevel) => PERMISSION_LEVELS.indexOf(level);

const stronger = (a: PermissionLevel, b: PermissionLevel) => (strength(a) >= strength(b) ? a : b);

const sameHolding = (a: PermissionGrant, b: Omit<PermissionGrant, "permission_level">) =>
  a.resource_type === b.resource_type &&
  a.resource_name === b.resource_name &&
  a.subject_type === b.subject_type &&
  a.subject_id === b.subject_id;

/** Adds a grant, or raises one the subject already holds on the resource (a copy never weakens a grant). */
export function give(state: PermissionsState, wanted: PermissionGrant): void {
  const held = state.grants.find((grant) => sameHolding(grant, wanted));
  if (held) held.permission_level = stronger(held.permission_level, wanted.permission_level);
  else state.grants.push({ ...wanted });
}

/** Sets the subject's level on the resource, whatever it held before (`PUT` of the service). */
export function put(state: PermissionsState, wanted: PermissionGrant): PermissionGrant {
  const held = state.grants.find((grant) => sameHolding(grant, wanted));
  if (held) {
    held.permission_level = wanted.permission_level;
    return held;
  }
  const added = { ...wanted };
  state.grants.push(added);
  return added;
}

/** Removes the subject's grant on the resource; false when there was none. */
export function revoke(state: PermissionsState, holding: Omit<PermissionGrant, "permission_level">): boolean {
  const before = state.grants.length;
  state.grants = state.grants.filter((grant) => !sameHolding(grant, holding));
  return state.grants.length < before;
}

/**
 * A grant as the service answers it: the permission with its resource and subject rows, and the subject's source as
 * Grouper's grouper_members table has it, empty when it has none (clients/grouper/grouper.go AddSourceIDToPermissions).
 */
export function permissionView(grant: PermissionGrant, sourceOf: SourceOf) {
  return {
    id: stableId("permission", grant.resource_type, grant.resource_name, grant.subject_type, grant.subject_id),
    permission_level: grant.permission_level,
    resource: {
      id: stableId("resource", grant.resource_type, grant.resource_name),
      name: grant.resource_name,
      resource_type: grant.resource_type,
    },
    subject: {
      id: stableId("subject", grant.subject_type, grant.subject_id),
      subject_id: grant.subject_id,
      subject_source_id: sourceOf(grant.subject_id) ?? "",
      subject_type: grant.subject_type,
    },
  };
}
