import { type Static, Type } from "typebox";
import { defineModule } from "../framework/module.js";

/** Permission levels of the permissions service, weakest first. */
export const PERMISSION_LEVELS = ["read", "write", "admin", "own"] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** A permission on a shared resource (an app, an analysis, a tool, …) held by a user or a group. */
export interface PermissionGrant {
  resource_type: string;
  resource_name: string;
  subject_type: "user" | "group";
  subject_id: string;
  permission_level: PermissionLevel;
}

export interface PermissionsState {
  grants: PermissionGrant[];
}

const SubjectType = Type.Union([Type.Literal("user"), Type.Literal("group")]);
const CopyRequest = Type.Object({
  subjects: Type.Array(Type.Object({ subject_type: SubjectType, subject_id: Type.String({ minLength: 1 }) })),
});

const stronger = (a: PermissionLevel, b: PermissionLevel) =>
  PERMISSION_LEVELS.indexOf(a) >= PERMISSION_LEVELS.indexOf(b) ? a : b;

function give(state: PermissionsState, wanted: PermissionGrant): void {
  const held = state.grants.find(
    (grant) =>
      grant.resource_type === wanted.resource_type &&
      grant.resource_name === wanted.resource_name &&
      grant.subject_type === wanted.subject_type &&
      grant.subject_id === wanted.subject_id,
  );
  if (held) held.permission_level = stronger(held.permission_level, wanted.permission_level);
  else state.grants.push({ ...wanted });
}

/**
 * The permissions service that sits beside Grouper (reached through the groups backend here): what a
 * group was granted can be copied to other subjects, and a deleted group's subject and grants removed.
 */
export const permissions = defineModule<PermissionsState>({
  makeState: () => ({ grants: [] }),
  routes(app, state) {
    app.post<{ Params: { type: string; id: string }; Body: Static<typeof CopyRequest> }>(
      "/permissions/subjects/:type/:id/copy",
      { schema: { body: CopyRequest } },
      async (request) => {
        const { type, id } = request.params;
        const sources = state().grants.filter((grant) => grant.subject_type === type && grant.subject_id === id);
        for (const source of sources) {
          for (const subject of request.body.subjects) give(state(), { ...source, ...subject });
        }
        return {};
      },
    );

    app.delete<{ Querystring: { subject_id?: string; subject_type?: string } }>("/subjects", async (request, reply) => {
      const { subject_id, subject_type } = request.query;
      const held = (grant: PermissionGrant) => grant.subject_id === subject_id && grant.subject_type === subject_type;
      if (!state().grants.some(held)) {
        return reply.code(404).send({ error_code: "ERR_NOT_FOUND", reason: `subject ${subject_id} not found` });
      }
      state().grants = state().grants.filter((grant) => !held(grant));
      return {};
    });
  },
});
