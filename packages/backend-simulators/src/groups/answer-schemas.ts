import { type TSchema, Type } from "typebox";

// The answers of iplant-groups (cyverse-de/iplant-groups src/iplant_groups/routes/{groups,folders,subjects}.clj,
// their :return schemas in routes/schemas/{group,folder,privileges}.clj), built on common-swagger-api
// src/common_swagger_api/schema/groups.clj and subjects.clj. iplant-groups checks its answers against them, so a key
// the schema requires is always there.

// subjects.clj Subject: id and source_id, the rest when the directory has them.
export const Subject = Type.Object({
  id: Type.String(),
  source_id: Type.String(),
  name: Type.Optional(Type.String()),
  first_name: Type.Optional(Type.String()),
  last_name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  institution: Type.Optional(Type.String()),
  attribute_values: Type.Optional(Type.Array(Type.String())),
  description: Type.Optional(Type.String()),
});
export const SubjectList = Type.Object({ subjects: Type.Array(Subject) });

// groups.clj group: name, type, id_index and id always.
const groupFields = {
  name: Type.String(),
  type: Type.String(),
  description: Type.Optional(Type.String()),
  display_extension: Type.Optional(Type.String()),
  display_name: Type.Optional(Type.String()),
  extension: Type.Optional(Type.String()),
  id_index: Type.String(),
  id: Type.String(),
};
export const Group = Type.Object(groupFields);

// groups.clj group-detail: created_at, has_composite and is_composite_factor always.
const GroupDetail = Type.Object({
  attribute_names: Type.Optional(Type.Array(Type.String())),
  attribute_values: Type.Optional(Type.Array(Type.String())),
  composite_type: Type.Optional(Type.String()),
  created_at: Type.Integer(),
  created_by: Type.Optional(Type.String()),
  created_by_detail: Type.Optional(Subject),
  has_composite: Type.Boolean(),
  is_composite_factor: Type.Boolean(),
  left_group: Type.Optional(Group),
  modified_at: Type.Optional(Type.Integer()),
  modified_by: Type.Optional(Type.String()),
  right_group: Type.Optional(Group),
  type_names: Type.Optional(Type.Array(Type.String())),
});
export const GroupWithDetail = Type.Object({ ...groupFields, detail: Type.Optional(GroupDetail) });
export const GroupListWithDetail = Type.Object({ groups: Type.Array(GroupWithDetail) });
// groups.clj group-stub: what a delete answers; nothing is certain but what the group had.
export const GroupStub = Type.Partial(Group);
export const GroupMembers = Type.Object({ members: Type.Array(Subject) });
export const GroupMembersUpdateResponse = Type.Object({
  results: Type.Array(
    Type.Object({
      success: Type.Boolean(),
      subject_id: Type.String({ minLength: 1 }),
      source_id: Type.String({ minLength: 1 }),
      subject_name: Type.Optional(Type.String({ minLength: 1 })),
    }),
  ),
});

// folder.clj Folder: a group's fields but its type (name, id_index and id always).
const { type: _groupType, ...folderFields } = groupFields;
export const Folder = Type.Object(folderFields);

// groups.clj Privilege (type, name, subject always), with the group or folder it is on (privileges.clj).
const privilegeFields = {
  type: Type.String(),
  name: Type.String(),
  allowed: Type.Optional(Type.Boolean()),
  revokable: Type.Optional(Type.Boolean()),
  subject: Subject,
};
export const GroupPrivileges = Type.Object({
  privileges: Type.Array(Type.Object({ ...privilegeFields, group: Group })),
});
export const Privilege = Type.Object({
  ...privilegeFields,
  group: Type.Optional(Group),
  folder: Type.Optional(Folder),
});
export const Privileges = Type.Object({ privileges: Type.Array(Privilege) });

// Error answers, written by clojure-commons exception.clj. iplant-groups' own refusals carry `reason` (null, a string,
// or the schema error as an object) and the keys the refusal was thrown with; Grouper's refusals, passed on
// (clients/grouper.clj build-error-object), carry Grouper's result code and message and nothing else.
const Reason = Type.Union([Type.Null(), Type.String(), Type.Object({})]);
const OwnRefusal = (error_code: TSchema) =>
  Type.Object({
    error_code,
    reason: Reason,
    description: Type.Optional(Type.String()),
    grouper_result_code: Type.Optional(Type.String()),
    id: Type.Optional(Type.String()),
  });
const GrouperRefusal = Type.Object(
  {
    error_code: Type.Union([
      Type.Literal("ERR_BAD_REQUEST"),
      Type.Literal("ERR_NOT_FOUND"),
      Type.Literal("ERR_REQUEST_FAILED"),
    ]),
    grouper_result_code: Type.String(),
    grouper_result_message: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export const ErrorAnswers = {
  400: OwnRefusal(Type.Union([Type.Literal("ERR_ILLEGAL_ARGUMENT"), Type.Literal("ERR_BAD_REQUEST")])),
  403: OwnRefusal(Type.Literal("ERR_FORBIDDEN")),
  404: OwnRefusal(Type.Literal("ERR_NOT_FOUND")),
  500: Type.Union([
    GrouperRefusal,
    OwnRefusal(Type.Union([Type.Literal("ERR_SCHEMA_VALIDATION"), Type.Literal("ERR_UNCHECKED_EXCEPTION")])),
  ]),
};
