import { ERROR_ANSWERS, ErrorBody } from "@de-gateway/service-kit";
import { type Static, Type } from "typebox";

/** Access privileges a subject can hold on a team. */
const PRIVILEGE_NAMES = [
  "view",
  "read",
  "update",
  "admin",
  "optin",
  "optout",
  "groupAttrRead",
  "groupAttrUpdate",
] as const;
export type PrivilegeName = (typeof PRIVILEGE_NAMES)[number];

export const PrivilegeName = Type.Union(
  PRIVILEGE_NAMES.map((name) => Type.Literal(name)),
  { description: `one of ${PRIVILEGE_NAMES.join(", ")}` },
);

/** A team or collaborator list as clients see it (further backend fields, such as `detail`, are kept). */
export const Group = Type.Object(
  {
    name: Type.String(),
    type: Type.String(),
    description: Type.Optional(Type.String()),
    display_extension: Type.Optional(Type.String()),
    display_name: Type.Optional(Type.String()),
    extension: Type.Optional(Type.String()),
    id_index: Type.String(),
    id: Type.String(),
    detail: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: true },
);
export type Group = Static<typeof Group>;

export const GroupList = Type.Object({ groups: Type.Array(Group) });

/** What the groups backend answers a deletion with: the group, or only the name asked for when Grouper found none. */
export const GroupStub = Type.Object(
  { name: Type.Optional(Type.String()), id: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

export const Subject = Type.Object(
  {
    id: Type.String(),
    name: Type.Optional(Type.String()),
    first_name: Type.Optional(Type.String()),
    last_name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    institution: Type.Optional(Type.String()),
    source_id: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type Subject = Static<typeof Subject>;

/** A subject as the subject search lists it (terrain's SubjectListEntry): the directory's name kept as `display_name`. */
export const ListedSubject = Type.Object(
  { ...Subject.properties, display_name: Type.String({ description: "the subject's name as the directory gives it" }) },
  { additionalProperties: true },
);
export type ListedSubject = Static<typeof ListedSubject>;
export const ListedSubjects = Type.Object({ subjects: Type.Array(ListedSubject) });

export const Members = Type.Object({ members: Type.Array(Subject) });

/** The groups backend's answer to a subject search. */
export const SubjectList = Type.Object({ subjects: Type.Array(Subject) });

export const MemberResults = Type.Object({
  results: Type.Array(
    Type.Object(
      {
        success: Type.Boolean(),
        subject_id: Type.String(),
        source_id: Type.Optional(Type.String()),
        subject_name: Type.Optional(Type.String()),
      },
      { additionalProperties: true },
    ),
  ),
});
export type MemberResults = Static<typeof MemberResults>;

export const Privilege = Type.Object(
  {
    type: Type.String(),
    name: Type.String(),
    allowed: Type.Optional(Type.Boolean()),
    revokable: Type.Optional(Type.Boolean()),
    subject: Subject,
  },
  { additionalProperties: true },
);
export type Privilege = Static<typeof Privilege>;

export const Privileges = Type.Object({ privileges: Type.Array(Privilege) });

/** A subject's privileges across groups: each names the group it is on. */
export const GroupPrivileges = Type.Object({
  privileges: Type.Array(
    Type.Object(
      { name: Type.String(), group: Type.Object({ name: Type.String() }, { additionalProperties: true }) },
      { additionalProperties: true },
    ),
  ),
});
export type GroupPrivileges = Static<typeof GroupPrivileges>;

export const MemberUpdate = Type.Object({
  members: Type.Array(Type.String({ minLength: 1 }), { description: "subject ids" }),
});

export const PrivilegeUpdates = Type.Object({
  updates: Type.Array(
    Type.Object({
      subject_id: Type.String({ minLength: 1 }),
      privileges: Type.Array(PrivilegeName, { description: "an empty list removes every privilege of the subject" }),
    }),
  ),
});

export const GroupUpdate = Type.Object({
  name: Type.Optional(Type.String({ description: "the new last segment of the name" })),
  description: Type.Optional(Type.String()),
});

/** The optional message of a join request or a denial; no body at all means an empty message. */
export const TeamMessage = Type.Union([Type.Object({ message: Type.Optional(Type.String()) }), Type.Null()]);

export const GroupName = Type.Object({ name: Type.String({ minLength: 1 }) });

/** Error answers every route of this service may give. */
export const errors = { ...ERROR_ANSWERS, 409: ErrorBody };
