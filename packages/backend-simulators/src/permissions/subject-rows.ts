import { PermissionsRefusal } from "./errors.js";
import type { PermissionGrant, SubjectType } from "./store.js";

/**
 * The type of the subject row an external id has, if any: rows added by grants and copies (`rows`), and those of the
 * subjects other services registered grants for (`grants`). Subject ids are unique whatever the type (de-database
 * migrations/000021_permissions_db.up.sql, subjects.subject_id UNIQUE).
 */
export function rowTypeOf(
  rows: ReadonlyMap<string, SubjectType>,
  grants: readonly PermissionGrant[],
  id: string,
): SubjectType | undefined {
  return rows.get(id) ?? grants.find((grant) => grant.subject_id === id)?.subject_type;
}

/** restapi/impl/permissions/helpers.go getOrAddSubject: a subject of another type with the same id is refused (400). */
export function assertSubjectAvailable(existing: SubjectType | undefined, id: string, type: SubjectType): void {
  if (existing !== undefined && existing !== type) {
    throw new PermissionsRefusal(400, `another subject with ID, ${id}, already exists`);
  }
}
