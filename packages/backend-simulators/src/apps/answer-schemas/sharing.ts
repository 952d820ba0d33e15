import { Type } from "typebox";
import { BaseSubject, ErrorResponse, NonBlankString, PermissionLevel, SubjectPermission, Uuid } from "./common.js";

// App and tool sharing answers: common-swagger-api src/common_swagger_api/schema/apps/permission.clj
// (AppPermissionListing, AppSharingResponse, AppUnsharingResponse, ToolPermissionListing, ToolSharingResponse,
// ToolUnsharingResponse).

/** apps.clj `QualifiedAppId`. */
const qualifiedApp = { system_id: NonBlankString, app_id: NonBlankString };
const outcome = { success: Type.Boolean(), error: Type.Optional(ErrorResponse) };

export const AppPermissionListing = Type.Object({
  apps: Type.Array(
    Type.Object({ ...qualifiedApp, name: Type.Optional(NonBlankString), permissions: Type.Array(SubjectPermission) }),
  ),
});

export const AppSharingResponse = Type.Object({
  sharing: Type.Array(
    Type.Object({
      subject: BaseSubject,
      apps: Type.Array(
        Type.Object({ ...qualifiedApp, permission: PermissionLevel, app_name: NonBlankString, ...outcome }),
      ),
    }),
  ),
});

export const AppUnsharingResponse = Type.Object({
  unsharing: Type.Array(
    Type.Object({
      subject: BaseSubject,
      apps: Type.Array(Type.Object({ ...qualifiedApp, app_name: NonBlankString, ...outcome })),
    }),
  ),
});

export const ToolPermissionListing = Type.Object({
  tools: Type.Array(Type.Object({ id: Uuid, name: NonBlankString, permissions: Type.Array(SubjectPermission) })),
});

export const ToolSharingResponse = Type.Object({
  sharing: Type.Array(
    Type.Object({
      subject: BaseSubject,
      tools: Type.Array(
        Type.Object({ tool_id: Uuid, permission: PermissionLevel, tool_name: NonBlankString, ...outcome }),
      ),
    }),
  ),
});

export const ToolUnsharingResponse = Type.Object({
  unsharing: Type.Array(
    Type.Object({
      subject: BaseSubject,
      tools: Type.Array(Type.Object({ tool_id: Uuid, tool_name: NonBlankString, ...outcome })),
    }),
  ),
});
