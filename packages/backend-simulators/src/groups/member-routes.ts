import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { type GroupPrivilege, mayOnGroup } from "./access.js";
import { GroupListWithDetail, GroupMembers, GroupMembersUpdateResponse } from "./answer-schemas.js";
import { insufficientPrivileges } from "./errors.js";
import { formatGroup, formatSubjectId } from "./format.js";
import { actorOf, existingFolder, existingSubject, isTrue, isWithin, visibleGroup } from "./lookups.js";
import { LDAP } from "./seed.js";
import type { GrouperState, GroupRecord } from "./state.js";

const MemberList = Type.Object({ members: Type.Array(Type.String({ minLength: 1 })) });

interface GroupParams {
  name: string;
}

/**
 * Grouper's membership rule: changing someone else's membership needs `update`; a subject may add
 * itself with `optin` and remove itself with `optout`.
 */
const mayChangeMembership = (group: GroupRecord, actor: string, subject: string, own: GroupPrivilege) =>
  mayOnGroup(group, actor, "update") || (subject === actor && mayOnGroup(group, actor, own));

/**
 * One line of a membership result. iplant-groups asks Grouper without failing on its refusals and answers 200 with
 * a line per subject: an unknown subject, or one the actor may not add or remove, fails; the rest succeed
 * (idempotently).
 */
function memberResult(state: GrouperState, id: string, allowed: boolean, change: () => void) {
  const subject = state.subjects.get(id);
  // Grouper names the source it looked in for a subject it could not find.
  if (!subject || !allowed) return { success: false, subject_id: id, source_id: subject?.source_id ?? LDAP };
  change();
  return { success: true, subject_id: id, source_id: subject.source_id, subject_name: subject.name };
}

/** Immediate memberships: list, add, remove, and the groups a subject belongs to. */
export function memberRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Params: GroupParams }>("/groups/:name/members", answers({ 200: GroupMembers }), async (request) => {
    const actor = actorOf(request.query);
    const group = visibleGroup(state(), request.params.name, actor);
    if (!mayOnGroup(group, actor, "read")) throw insufficientPrivileges(actor, `read the members of ${group.name}`);
    return { members: group.members.map((id) => formatSubjectId(state(), id)) };
  });

  app.post<{ Params: GroupParams; Body: Static<typeof MemberList> }>(
    "/groups/:name/members",
    { schema: { body: MemberList }, ...answers({ 200: GroupMembersUpdateResponse }) },
    async (request) => {
      const actor = actorOf(request.query);
      const group = visibleGroup(state(), request.params.name, actor);
      const results = request.body.members.map((id) =>
        memberResult(state(), id, mayChangeMembership(group, actor, id, "optin"), () => {
          if (!group.members.includes(id)) group.members.push(id);
        }),
      );
      return { results };
    },
  );

  app.post<{ Params: GroupParams; Body: Static<typeof MemberList> }>(
    "/groups/:name/members/deleter",
    { schema: { body: MemberList }, ...answers({ 200: GroupMembersUpdateResponse }) },
    async (request) => {
      const actor = actorOf(request.query);
      const group = visibleGroup(state(), request.params.name, actor);
      const results = request.body.members.map((id) =>
        memberResult(state(), id, mayChangeMembership(group, actor, id, "optout"), () => {
          group.members = group.members.filter((member) => member !== id);
        }),
      );
      return { results };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { folder?: string; details?: string } }>(
    "/subjects/:id/groups",
    answers({ 200: GroupListWithDetail }),
    async (request) => {
      const actor = actorOf(request.query);
      const subject = existingSubject(state(), request.params.id);
      const { folder } = request.query;
      if (folder) existingFolder(state(), folder);
      // Seeing someone else's memberships needs `read`; your own need only that you can see the group.
      const needed: GroupPrivilege = subject.id === actor ? "view" : "read";
      const groups = [...state().groups.values()]
        .filter((group) => group.members.includes(subject.id))
        .filter((group) => !folder || isWithin(group.name, folder))
        .filter((group) => mayOnGroup(group, actor, needed))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { groups: groups.map((group) => formatGroup(state(), group, isTrue(request.query.details))) };
    },
  );
}
