import { Type } from "typebox";

// Shapes every answer of the apps service builds on: common-swagger-api src/common_swagger_api/schema.clj
// (NonBlankString, ErrorResponse) and schema/subjects.clj (BaseSubject).

/** A `java.util.UUID` field: printed as a UUID string. */
export const Uuid = Type.String({ format: "uuid" });

/** common-swagger-api `NonBlankString`. */
export const NonBlankString = Type.String({ pattern: "\\S" });

/** common-swagger-api `ErrorResponse`, also carried inside per-item results (sharing). */
export const ErrorResponse = Type.Object({
  error_code: NonBlankString,
  reason: Type.Optional(NonBlankString),
});

/** common-swagger-api schema/subjects.clj `BaseSubject`: a user or group. */
export const BaseSubject = Type.Object({ id: Type.String(), source_id: Type.String() });

/** A timestamp the apps service prints as a string of milliseconds since the epoch (analysis listings). */
export const MillisString = Type.String({ pattern: "^\\d+$" });

// common-swagger-api src/common_swagger_api/schema/apps/permission.clj: AppPermissionEnum (also the analysis and
// tool permission levels) and SubjectPermissionListElement.
export const PermissionLevel = Type.Union([
  Type.Literal("read"),
  Type.Literal("write"),
  Type.Literal("own"),
  Type.Literal(""),
]);
export const SubjectPermission = Type.Object({ subject: BaseSubject, permission: PermissionLevel });
