import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers, NoBody } from "../framework/answers.js";
import { give, type PermissionGrant, type PermissionsState } from "./store.js";

const SubjectType = Type.Union([Type.Literal("user"), Type.Literal("group")]);
const CopyRequest = Type.Object({
  subjects: Type.Array(Type.Object({ subject_type: SubjectType, subject_id: Type.String({ minLength: 1 }) })),
});

/**
 * What the groups service asks of the permissions service: copying what a group holds to other subjects (members
 * keeping their access when they leave a list), and forgetting a deleted group's subject with its grants.
 */
export function groupCopyRoutes(app: FastifyInstance, store: () => PermissionsState): void {
  app.post<{ Params: { type: string; id: string }; Body: Static<typeof CopyRequest> }>(
    "/permissions/subjects/:type/:id/copy",
    // Both answer 200 with no body (swagger.yml copyPermissions, deleteSubjectByExternalId).
    { schema: { body: CopyRequest }, ...answers({ 200: NoBody }) },
    async (request, reply) => {
      const { type, id } = request.params;
      const sources = store().grants.filter((grant) => grant.subject_type === type && grant.subject_id === id);
      for (const source of sources) {
        for (const subject of request.body.subjects) give(store(), { ...source, ...subject });
      }
      return reply.code(200).send();
    },
  );

  app.delete<{ Querystring: { subject_id?: string; subject_type?: string } }>(
    "/subjects",
    answers({ 200: NoBody }),
    async (request, reply) => {
      const { subject_id, subject_type } = request.query;
      const held = (grant: PermissionGrant) => grant.subject_id === subject_id && grant.subject_type === subject_type;
      if (!store().grants.some(held)) {
        return reply.code(404).send({ reason: `subject ${subject_id} not found` });
      }
      store().grants = store().grants.filter((grant) => !held(grant));
      return reply.code(200).send();
    },
  );
}
