import { Type } from "typebox";

// The answers of cyverse-de/permissions (swagger.yml; go-swagger's models, every field `Required: true`).

// models/permission.go Permission with models/resource_out.go ResourceOut and models/subject_out.go SubjectOut.
export const Permission = Type.Object({
  id: Type.String(),
  permission_level: Type.String(),
  resource: Type.Object({ id: Type.String(), name: Type.String(), resource_type: Type.String() }),
  subject: Type.Object({
    id: Type.String(),
    subject_id: Type.String(),
    subject_source_id: Type.String(),
    subject_type: Type.String(),
  }),
});

// models/permission_list.go PermissionList.
export const PermissionList = Type.Object({ permissions: Type.Array(Permission) });
