import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { GROUP_PRIVILEGES, grant, mayOnGroup } from "./access.js";
import { GroupPrivileges } from "./answer-schemas.js";
import { badRequest, insufficientPrivileges } from "./errors.js";
import { formatPrivilege } from "./format.js";
import { actorOf, existingSubject, visibleGroup } from "./lookups.js";
import type { GrouperState, GroupRecord } from "./state.js";

const PrivilegeName = Type.Union(GROUP_PRIVILEGES.map((name) => Type.Literal(name)));
const PrivilegeUpdates = Type.Object({
  updates: Type.Array(
    Type.Object({ subject_id: Type.String({ minLength: 1 }), privileges: Type.Array(PrivilegeName) }),
  ),
});
type PrivilegeUpdates = Static<typeof PrivilegeUpdates>;

interface GroupParams {
  name: string;
}
interface ListingQuery {
  privilege?: string;
  "subject-id"?: string;
  "subject-source-id"?: string;
  "inheritance-level"?: string;
}

function listing(state: GrouperState, group: GroupRecord, query: ListingQuery = {}) {
  if (query.privilege && !(GROUP_PRIVILEGES as readonly string[]).includes(query.privilege)) {
    throw badRequest(`${query.privilege} is not a group privilege (${GROUP_PRIVILEGES.join(", ")})`);
  }
  // Privileges are only ever granted directly here, so every one is "immediate" and none "inherited".
  if (query["inheritance-level"] === "inherited") return { privileges: [] };
  const privileges = group.grants
    .filter((held) => !query.privilege || held.privilege === query.privilege)
    .filter((held) => !query["subject-id"] || held.subjectId === query["subject-id"])
    .filter(
      (held) =>
        !query["subject-source-id"] || state.subjects.get(held.subjectId)?.source_id === query["subject-source-id"],
    )
    .map((held) => formatPrivilege(state, held.subjectId, held.privilege, { group }));
  return { privileges };
}

/** The checks every privilege change passes before anything is written. */
function checkChange(state: GrouperState, group: GroupRecord, actor: string, updates: PrivilegeUpdates["updates"]) {
  if (!mayOnGroup(group, actor, "admin")) throw insufficientPrivileges(actor, `change privileges on ${group.name}`);
  for (const update of updates) existingSubject(state, update.subject_id);
}

function refuseOwnChange(actor: string, updates: PrivilegeUpdates["updates"]) {
  if (updates.some((update) => update.subject_id === actor)) {
    throw badRequest("Updating your own privileges using this service is not permitted.");
  }
}

/** Access privileges of a group: list (anyone who can see the group), grant or replace, revoke (admins). */
export function privilegeRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Params: GroupParams; Querystring: ListingQuery }>(
    "/groups/:name/privileges",
    answers({ 200: GroupPrivileges }),
    async (request) => {
      const actor = actorOf(request.query);
      return listing(state(), visibleGroup(state(), request.params.name, actor), request.query);
    },
  );

  app.post<{ Params: GroupParams; Querystring: { replace?: string }; Body: PrivilegeUpdates }>(
    "/groups/:name/privileges",
    { schema: { body: PrivilegeUpdates }, ...answers({ 200: GroupPrivileges }) },
    async (request) => {
      const actor = actorOf(request.query);
      const replace = request.query.replace !== "false";
      const { updates } = request.body;
      if (replace) refuseOwnChange(actor, updates);
      const group = visibleGroup(state(), request.params.name, actor);
      checkChange(state(), group, actor, updates);
      for (const { subject_id, privileges } of updates) {
        if (replace) {
          group.grants = group.grants.filter(
            (held) => held.subjectId !== subject_id || (privileges as string[]).includes(held.privilege),
          );
        }
        for (const privilege of privileges) grant(group.grants, subject_id, privilege);
      }
      return listing(state(), group);
    },
  );

  app.post<{ Params: GroupParams; Body: PrivilegeUpdates }>(
    "/groups/:name/privileges/deleter",
    { schema: { body: PrivilegeUpdates }, ...answers({ 200: GroupPrivileges }) },
    async (request) => {
      const actor = actorOf(request.query);
      const { updates } = request.body;
      refuseOwnChange(actor, updates);
      const group = visibleGroup(state(), request.params.name, actor);
      checkChange(state(), group, actor, updates);
      for (const { subject_id, privileges } of updates) {
        group.grants = group.grants.filter(
          (held) => held.subjectId !== subject_id || !(privileges as string[]).includes(held.privilege),
        );
      }
      return listing(state(), group);
    },
  );
}
