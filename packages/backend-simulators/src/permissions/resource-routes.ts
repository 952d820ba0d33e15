import type { FastifyInstance, FastifyReply } from "fastify";
import { answers, NoBody } from "../framework/answers.js";
import { Permission, PermissionList } from "./answer-schemas.js";
import { lookupFlag, minLevel, permissionLevel, subjectType } from "./bindings.js";
import { PermissionsRefusal } from "./errors.js";
import {
  type PermissionGrant,
  type PermissionsState,
  permissionView,
  put,
  revoke,
  type SourceOf,
  type SubjectType,
  strength,
} from "./store.js";
import { assertSubjectAvailable, rowTypeOf } from "./subject-rows.js";

/** The groups a user belongs to (Grouper's answer, which the real service asks for on `lookup=true`). */
export type GroupsOf = (username: string) => string[];

/** The resource types the service knows (de-database migrations/000021_permissions_db.up.sql). */
const RESOURCE_TYPES = ["app", "analysis", "tool"];

interface HoldingParams {
  subject_type: string;
  subject_id: string;
  resource_type: string;
  resource_name: string;
}

const refuse = (reply: FastifyReply, status: number, reason: string) => reply.code(status).send({ reason });

/**
 * What the permissions service answers about resources (cyverse-de/permissions): one subject's permission on a
 * resource (with `lookup=true` also through the groups the user is in, answering only the strongest, as its
 * `DISTINCT ON` query does), every permission on a resource, and setting or revoking one.
 */
export function resourceRoutes(
  app: FastifyInstance,
  grants: () => PermissionGrant[],
  store: () => PermissionsState,
  groupsOf: GroupsOf,
  sourceOf: SourceOf,
): void {
  const holdersFor = (type: SubjectType, id: string, lookup: boolean) =>
    new Set([id, ...(lookup && type === "user" ? groupsOf(id) : [])]);
  const view = (grant: PermissionGrant) => permissionView(grant, sourceOf);

  app.get<{ Params: HoldingParams; Querystring: Record<string, unknown> }>(
    "/permissions/subjects/:subject_type/:subject_id/:resource_type/:resource_name",
    answers({ 200: PermissionList }),
    async (request) => {
      const lookup = lookupFlag(request.query);
      const level = minLevel(request.query);
      const { subject_id, resource_type, resource_name } = request.params;
      const type = subjectType(request.params.subject_type, "subject_type", "path");
      // by_subject_and_resource.go ~62-73: a subject known with another type is refused.
      const known = rowTypeOf(store().subjects, grants(), subject_id);
      if (known !== undefined && known !== type) {
        throw new PermissionsRefusal(400, `incorrect type for subject, ${subject_id}: ${type}`);
      }
      const holders = holdersFor(type, subject_id, lookup);
      const held = grants()
        .filter(
          (grant) =>
            grant.resource_type === resource_type &&
            grant.resource_name === resource_name &&
            holders.has(grant.subject_id) &&
            (!level || strength(grant.permission_level) >= strength(level)),
        )
        .sort((a, b) => strength(b.permission_level) - strength(a.permission_level));
      return { permissions: held.slice(0, 1).map(view) };
    },
  );

  app.get<{ Params: { resource_type: string; resource_name: string } }>(
    "/permissions/resources/:resource_type/:resource_name",
    answers({ 200: PermissionList }),
    async (request) => {
      const { resource_type, resource_name } = request.params;
      const held = grants().filter(
        (grant) => grant.resource_type === resource_type && grant.resource_name === resource_name,
      );
      return { permissions: held.map(view) };
    },
  );

  app.put<{ Params: HoldingParams; Body: { permission_level?: unknown } | null }>(
    "/permissions/resources/:resource_type/:resource_name/subjects/:subject_type/:subject_id",
    answers({ 200: Permission }),
    async (request) => {
      const type = subjectType(request.params.subject_type, "subject_type", "path");
      const level = permissionLevel(request.body?.permission_level, "permission_level", "body");
      const { subject_id, resource_type, resource_name } = request.params;
      // put_permission.go: the subject first, then the resource's type (helpers.go getOrAddSubject, getOrAddResource).
      assertSubjectAvailable(rowTypeOf(store().subjects, grants(), subject_id), subject_id, type);
      if (!RESOURCE_TYPES.includes(resource_type)) {
        throw new PermissionsRefusal(400, `no resource type named, ${resource_type}, found`);
      }
      store().subjects.set(subject_id, type);
      const grant: PermissionGrant = {
        resource_type,
        resource_name,
        subject_type: type,
        subject_id,
        permission_level: level,
      };
      return view(put(store(), grant));
    },
  );

  app.delete<{ Params: HoldingParams }>(
    "/permissions/resources/:resource_type/:resource_name/subjects/:subject_type/:subject_id",
    answers({ 200: NoBody }),
    async (request, reply) => {
      const type = subjectType(request.params.subject_type, "subject_type", "path");
      const { subject_id, resource_type, resource_name } = request.params;
      const holding = { resource_type, resource_name, subject_type: type, subject_id };
      if (!revoke(store(), holding)) {
        return refuse(reply, 404, `permission not found: ${resource_type}/${resource_name} for ${subject_id}`);
      }
      return reply.code(200).send();
    },
  );
}
