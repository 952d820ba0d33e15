import type { FastifyInstance, FastifyReply } from "fastify";
import { type Static, Type } from "typebox";
import { answers, NoBody } from "../framework/answers.js";
import { queryText } from "../framework/request-values.js";
import { Permission, PermissionList } from "./answer-schemas.js";
import {
  isPermissionLevel,
  PERMISSION_LEVELS,
  type PermissionGrant,
  type PermissionsState,
  permissionView,
  put,
  revoke,
  type SubjectType,
  strength,
} from "./store.js";

/** The groups a user belongs to (Grouper's answer, which the real service asks for on `lookup=true`). */
export type GroupsOf = (username: string) => string[];

const subjectParams = {
  subjectType: Type.Union([Type.Literal("user"), Type.Literal("group")]),
  subjectId: Type.String({ minLength: 1 }),
};
const resourceParams = { resourceType: Type.String({ minLength: 1 }), resourceName: Type.String() };
const ResourceParams = Type.Object(resourceParams);
const HoldingParams = Type.Object({ ...subjectParams, ...resourceParams });
type HoldingParams = Static<typeof HoldingParams>;
const PutBody = Type.Object({ permission_level: Type.String() });

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
): void {
  const holdersFor = (type: SubjectType, id: string, lookup: boolean) =>
    new Set([id, ...(lookup && type === "user" ? groupsOf(id) : [])]);

  app.get<{ Params: HoldingParams; Querystring: Record<string, string> }>(
    "/permissions/subjects/:subjectType/:subjectId/:resourceType/:resourceName",
    { schema: { params: HoldingParams }, ...answers({ 200: PermissionList }) },
    async (request, reply) => {
      const { subjectType, subjectId, resourceType, resourceName } = request.params;
      const lookup = queryText(request.query, "lookup");
      if (lookup !== undefined && lookup !== "true" && lookup !== "false") {
        return refuse(reply, 400, "lookup must be true or false");
      }
      const minLevel = queryText(request.query, "min-level");
      if (minLevel !== undefined && !isPermissionLevel(minLevel)) {
        return refuse(reply, 400, `min-level must be one of ${PERMISSION_LEVELS.join(", ")}`);
      }
      const holders = holdersFor(subjectType, subjectId, lookup === "true");
      const held = grants()
        .filter(
          (grant) =>
            grant.resource_type === resourceType &&
            grant.resource_name === resourceName &&
            holders.has(grant.subject_id) &&
            (!minLevel || strength(grant.permission_level) >= strength(minLevel)),
        )
        .sort((a, b) => strength(b.permission_level) - strength(a.permission_level));
      return { permissions: held.slice(0, 1).map(permissionView) };
    },
  );

  app.get<{ Params: Static<typeof ResourceParams> }>(
    "/permissions/resources/:resourceType/:resourceName",
    { schema: { params: ResourceParams }, ...answers({ 200: PermissionList }) },
    async (request) => {
      const { resourceType, resourceName } = request.params;
      const held = grants().filter(
        (grant) => grant.resource_type === resourceType && grant.resource_name === resourceName,
      );
      return { permissions: held.map(permissionView) };
    },
  );

  app.put<{ Params: HoldingParams; Body: Static<typeof PutBody> }>(
    "/permissions/resources/:resourceType/:resourceName/subjects/:subjectType/:subjectId",
    { schema: { params: HoldingParams, body: PutBody }, ...answers({ 200: Permission }) },
    async (request, reply) => {
      const level = request.body.permission_level;
      if (!isPermissionLevel(level)) return refuse(reply, 400, `invalid permission level: ${level}`);
      const { subjectType, subjectId, resourceType, resourceName } = request.params;
      const grant: PermissionGrant = {
        resource_type: resourceType,
        resource_name: resourceName,
        subject_type: subjectType,
        subject_id: subjectId,
        permission_level: level,
      };
      return permissionView(put(store(), grant));
    },
  );

  app.delete<{ Params: HoldingParams }>(
    "/permissions/resources/:resourceType/:resourceName/subjects/:subjectType/:subjectId",
    { schema: { params: HoldingParams }, ...answers({ 200: NoBody }) },
    async (request, reply) => {
      const { subjectType, subjectId, resourceType, resourceName } = request.params;
      const holding = {
        resource_type: resourceType,
        resource_name: resourceName,
        subject_type: subjectType,
        subject_id: subjectId,
      };
      if (!revoke(store(), holding)) {
        return refuse(reply, 404, `permission not found: ${resourceType}/${resourceName} for ${subjectId}`);
      }
      return reply.code(200).send();
    },
  );
}
