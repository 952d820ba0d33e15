import type { FastifyInstance } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { requiredText, subjectType } from "./bindings.js";
import { PermissionsRefusal, requiredFail } from "./errors.js";
import { give, type PermissionGrant, type PermissionsState, type SubjectType } from "./store.js";
import { assertSubjectAvailable, rowTypeOf } from "./subject-rows.js";

interface CopyBody {
  subjects?: unknown;
}

/** models/subjects_in.go SubjectsIn: each subject's id and type, required, the type one of user and group. */
function destinations(body: CopyBody | null): Array<{ subject_id: string; subject_type: SubjectType }> {
  const subjects = body?.subjects;
  if (!Array.isArray(subjects)) throw requiredFail("subjects", "body");
  return subjects.map((subject: Record<string, unknown> | null, index) => ({
    subject_id: requiredText(subject?.subject_id, `subjects.${index}.subject_id`, "body"),
    subject_type: subjectType(subject?.subject_type, `subjects.${index}.subject_type`, "body"),
  }));
}

/**
 * What the groups service asks of the permissions service: copying what a group holds to other subjects (members
 * keeping their access when they leave a list), and forgetting a deleted group's subject with its grants.
 */
export function groupCopyRoutes(
  app: FastifyInstance,
  store: () => PermissionsState,
  grants: () => PermissionGrant[],
): void {
  app.post<{ Params: { type: string; id: string }; Body: CopyBody | null }>(
    "/permissions/subjects/:type/:id/copy",
    // Both answer 200 with no body (swagger.yml copyPermissions, deleteSubjectByExternalId).
    answers({ 200: NoBody }),
    async (request, reply) => {
      const type = subjectType(request.params.type, "subject_type", "path");
      const { id } = request.params;
      const subjects = destinations(request.body);
      // copy_permissions.go: the source's subject row, then each destination's, are looked up or added, all or none.
      const rowOf = (subjectId: string) => rowTypeOf(store().subjects, grants(), subjectId);
      for (const subject of [{ subject_id: id, subject_type: type }, ...subjects]) {
        assertSubjectAvailable(rowOf(subject.subject_id), subject.subject_id, subject.subject_type);
      }
      const sources = grants().filter((grant) => grant.subject_type === type && grant.subject_id === id);
      for (const subject of [{ subject_id: id, subject_type: type }, ...subjects]) {
        store().subjects.set(subject.subject_id, subject.subject_type);
      }
      for (const source of sources) {
        for (const subject of subjects) give(store(), { ...source, ...subject });
      }
      return reply.code(200).send();
    },
  );

  app.delete<{ Querystring: Record<string, unknown> }>(
    "/subjects",
    answers({ 200: NoBody }),
    async (request, reply) => {
      const subjectId = requiredText(request.query.subject_id, "subject_id", "query");
      const type = subjectType(request.query.subject_type, "subject_type", "query");
      // delete_subject_by_external_id.go ~56-66: 404 only when there is no subject row, grants or not.
      if (rowTypeOf(store().subjects, grants(), subjectId) !== type) {
        throw new PermissionsRefusal(404, `subject not found: ${type}:${subjectId}`);
      }
      store().subjects.delete(subjectId);
      store().grants = store().grants.filter((grant) => grant.subject_id !== subjectId || grant.subject_type !== type);
      return reply.code(200).send();
    },
  );
}
