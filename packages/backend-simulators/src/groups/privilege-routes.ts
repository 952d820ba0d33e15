import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { GROUP_PRIVILEGES, grant, mayOnGroup } from "./access.js";
import { ErrorAnswers, GroupPrivileges } from "./answer-schemas.js";
import { badRequest } from "./errors.js";
import { formatPrivilege } from "./format.js";
import { batchFailure, lookupNotFound } from "./grouper-failures.js";
import { actorOf, oneOf, seenGroup } from "./lookups.js";
import { fromSource, maySeePrivileges } from "./privilege-listing.js";
import { allPrivileges, atInheritanceLevel, privilegesOf } from "./privileges.js";
import type { GrouperState, GroupRecord } from "./state.js";
import { findSubject } from "./subjects.js";

const PrivilegeName = Type.Union(GROUP_PRIVILEGES.map((name) => Type.Literal(name)));
const PrivilegeUpdates = Type.Object({
  updates: Type.Array(Type.Object({ subject_id: Type.String(), privileges: Type.Array(PrivilegeName) })),
});
type PrivilegeUpdates = Static<typeof PrivilegeUpdates>;

interface GroupParams {
  name: string;
}

/** A group Grouper's privilege calls can find for the actor, or their GROUP_NOT_FOUND (HTTP 404). */
function privilegeGroup(state: GrouperState, name: string, actor: string): GroupRecord {
  const group = seenGroup(state, name, actor);
  if (!group) throw lookupNotFound("GROUP_NOT_FOUND");
  return group;
}

/**
 * `GET /groups/:name/privileges` (clients/grouper.clj get-group-privileges): Grouper's privileges on the group, a
 * subject's (all it holds, through its groups and GrouperAll too) or everyone's, those of a group the actor does not
 * administer left out; then iplant-groups' source and inheritance-level filters.
 */
function listing(state: GrouperState, group: GroupRecord, actor: string, query: Record<string, unknown>) {
  const privilege = oneOf(query, "privilege", GROUP_PRIVILEGES);
  const level = oneOf(query, "inheritance-level", ["immediate", "inherited"]);
  const subjectId = query["subject-id"];
  const sourceId = query["subject-source-id"];
  if (typeof subjectId === "string" && !findSubject(state, subjectId, actor)) throw lookupNotFound("SUBJECT_NOT_FOUND");
  const held =
    typeof subjectId === "string" ? privilegesOf(state, group.grants, subjectId) : allPrivileges(state, group.grants);
  const privileges = maySeePrivileges(state, actor, { group })
    ? held
        .filter((entry) => !privilege || entry.privilege === privilege)
        .filter((entry) => fromSource(state, entry, typeof sourceId === "string" ? sourceId : undefined))
        .filter((entry) => atInheritanceLevel(entry, level))
    : [];
  return { privileges: privileges.map((entry) => formatPrivilege(state, entry, { group })) };
}

/**
 * What Grouper does with one privilege call of iplant-groups (grouperPrivileges, allowed or not): the actor must
 * administer the group and every subject must be found, or the call fails (PROBLEM_WITH_ASSIGNMENT).
 */
function checkChange(state: GrouperState, group: GroupRecord, actor: string, updates: PrivilegeUpdates["updates"]) {
  const failures = mayOnGroup(state, group, actor, "admin")
    ? updates.filter((update) => !findSubject(state, update.subject_id, actor)).length
    : updates.length;
  if (failures > 0) throw batchFailure("assignPrivileges", failures, updates.length - failures);
}

/** service/util.clj verify-not-removing-own-privileges. */
function refuseOwnChange(actor: string, updates: PrivilegeUpdates["updates"]) {
  if (updates.some((update) => update.subject_id === actor)) {
    throw badRequest("Updating your own privileges using this service is not permitted.");
  }
}

/** Access privileges of a group: list, grant or replace, revoke (administrators); every change answers the listing. */
export function privilegeRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Params: GroupParams }>(
    "/groups/:name/privileges",
    answers({ 200: GroupPrivileges, ...ErrorAnswers }),
    async (request) => {
      const actor = actorOf(request.query);
      const group = privilegeGroup(state(), request.params.name, actor);
      return listing(state(), group, actor, request.query as Record<string, unknown>);
    },
  );

  app.post<{ Params: GroupParams; Querystring: { replace?: string }; Body: PrivilegeUpdates }>(
    "/groups/:name/privileges",
    { schema: { body: PrivilegeUpdates }, ...answers({ 200: GroupPrivileges, ...ErrorAnswers }) },
    async (request) => {
      const actor = actorOf(request.query);
      const replace = request.query.replace !== "false";
      const { updates } = request.body;
      if (replace) refuseOwnChange(actor, updates);
      const group = privilegeGroup(state(), request.params.name, actor);
      // clients/grouper.clj update-group-privileges asks Grouper only to add listed privileges, and to take the
      // others away when replacing.
      const asked = updates.filter((update) => replace || update.privileges.length > 0);
      if (asked.length > 0) checkChange(state(), group, actor, asked);
      for (const { subject_id, privileges } of updates) {
        if (replace) {
          group.grants = group.grants.filter(
            (held) => held.subjectId !== subject_id || (privileges as string[]).includes(held.privilege),
          );
        }
        for (const privilege of privileges) grant(group.grants, subject_id, privilege);
      }
      return listing(state(), group, actor, {});
    },
  );

  app.post<{ Params: GroupParams; Body: PrivilegeUpdates }>(
    "/groups/:name/privileges/deleter",
    { schema: { body: PrivilegeUpdates }, ...answers({ 200: GroupPrivileges, ...ErrorAnswers }) },
    async (request) => {
      const actor = actorOf(request.query);
      const { updates } = request.body;
      refuseOwnChange(actor, updates);
      const group = privilegeGroup(state(), request.params.name, actor);
      if (updates.length > 0) checkChange(state(), group, actor, updates);
      for (const { subject_id, privileges } of updates) {
        group.grants = group.grants.filter(
          (held) => held.subjectId !== subject_id || !(privileges as string[]).includes(held.privilege),
        );
      }
      return listing(state(), group, actor, {});
    },
  );
}
