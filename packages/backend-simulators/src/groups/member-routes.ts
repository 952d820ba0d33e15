import type { FastifyInstance } from "fastify";
import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { type GroupPrivilege, mayOnGroup } from "./access.js";
import { ErrorAnswers, GroupListWithDetail, GroupMembers, GroupMembersUpdateResponse } from "./answer-schemas.js";
import { schemaValidation } from "./errors.js";
import { formatListedGroup, formatSubjectId } from "./format.js";
import { batchFailure, folderNotFoundInQuery } from "./grouper-failures.js";
import { actorOf, isTrue, isWithin, seenGroup, visibleGroup } from "./lookups.js";
import { groupsContaining } from "./membership.js";
import type { GrouperState, GroupRecord } from "./state.js";
import { findSubject } from "./subjects.js";

const MemberList = Type.Object({ members: Type.Array(Type.String({ minLength: 1 })) });

interface GroupParams {
  name: string;
}

/**
 * Grouper's membership rule: changing someone else's membership needs `update`; a subject may add
 * itself with `optin` and remove itself with `optout`.
 */
const mayChangeMembership = (
  state: GrouperState,
  group: GroupRecord,
  actor: string,
  subject: string,
  own: GroupPrivilege,
) => mayOnGroup(state, group, actor, "update") || (subject === actor && mayOnGroup(state, group, actor, own));

interface MemberLine {
  success: boolean;
  subject_id: string;
  source_id?: string;
  subject_name?: string;
}

/**
 * One line of a membership result (service/format.clj format-member-subject-update-response of Grouper's result for
 * that subject, each subject on its own: Grouper's default transaction type NONE finishes what it can). A subject no
 * source knows comes back with only the id it was asked by (WsSubject of the lookup), so no source_id.
 */
function memberLine(subject: Record<string, string> | undefined, id: string, allowed: boolean, change: () => void) {
  if (!subject) return { success: false, subject_id: id };
  if (allowed) change();
  const line: MemberLine = { success: allowed, subject_id: id, source_id: subject.source_id };
  return subject.name ? { ...line, subject_name: subject.name } : line;
}

/**
 * The result iplant-groups answers, once Grouper has made every change it could: a line without the source_id its
 * response schema requires (common-swagger-api GroupMemberSubjectUpdateResponse) fails the answer's validation, so
 * the caller gets ERR_SCHEMA_VALIDATION with the schema error, the other changes made all the same.
 */
function membershipAnswer(results: MemberLine[]) {
  if (results.some((line) => !line.source_id)) {
    throw schemaValidation({
      results: results.map((line) => (line.source_id ? null : { source_id: "missing-required-key" })),
    });
  }
  return { results };
}

/** Immediate memberships: list, add, remove, and the groups a subject belongs to. */
export function memberRoutes(app: FastifyInstance, state: () => GrouperState): void {
  app.get<{ Params: GroupParams }>(
    "/groups/:name/members",
    answers({ 200: GroupMembers, ...ErrorAnswers }),
    async (request) => {
      const actor = actorOf(request.query);
      const group = visibleGroup(state(), request.params.name, actor);
      if (!mayOnGroup(state(), group, actor, "read")) throw batchFailure("getMembers");
      return { members: group.members.map((id) => formatSubjectId(state(), id)) };
    },
  );

  /**
   * A membership change. A group Grouper cannot find for the actor leaves the results out of its answer, which
   * iplant-groups answers as no results (clients/grouper.clj add-group-members, remove-group-members).
   */
  const change =
    (own: GroupPrivilege, apply: (group: GroupRecord, id: string) => void) =>
    async (request: { query: unknown; params: GroupParams; body: Static<typeof MemberList> }) => {
      const actor = actorOf(request.query);
      const group = seenGroup(state(), request.params.name, actor);
      if (!group) return { results: [] };
      const results = request.body.members.map((id) =>
        memberLine(findSubject(state(), id, actor), id, mayChangeMembership(state(), group, actor, id, own), () =>
          apply(group, id),
        ),
      );
      return membershipAnswer(results);
    };

  app.post<{ Params: GroupParams; Body: Static<typeof MemberList> }>(
    "/groups/:name/members",
    { schema: { body: MemberList }, ...answers({ 200: GroupMembersUpdateResponse, ...ErrorAnswers }) },
    change("optin", (group, id) => {
      if (!group.members.includes(id)) group.members.push(id);
    }),
  );

  app.post<{ Params: GroupParams; Body: Static<typeof MemberList> }>(
    "/groups/:name/members/deleter",
    { schema: { body: MemberList }, ...answers({ 200: GroupMembersUpdateResponse, ...ErrorAnswers }) },
    change("optout", (group, id) => {
      group.members = group.members.filter((member) => member !== id);
    }),
  );

  app.get<{ Params: { id: string }; Querystring: { folder?: string; details?: string } }>(
    "/subjects/:id/groups",
    answers({ 200: GroupListWithDetail, ...ErrorAnswers }),
    async (request) => {
      const actor = actorOf(request.query);
      const { folder } = request.query;
      if (folder && !state().folders.has(folder)) throw folderNotFoundInQuery(folder);
      // Grouper fails the lookup of a subject it does not know, and with it the whole request (WsGetGroupsResults).
      const subjectId = request.params.id;
      if (!findSubject(state(), subjectId, actor)) throw batchFailure("groupsForSubject");
      // Seeing someone else's memberships needs `read`; your own need only that you can see the group.
      const needed: GroupPrivilege = subjectId === actor ? "view" : "read";
      // Grouper lists the groups a subject is in through a member group too (its member filter's default, `All`).
      const groups = groupsContaining(state(), subjectId)
        .filter((group) => !folder || isWithin(group.name, folder))
        .filter((group) => mayOnGroup(state(), group, actor, needed))
        .sort((a, b) => a.name.localeCompare(b.name));
      const details = isTrue(request.query.details);
      return { groups: groups.map((group) => formatListedGroup(state(), group, details)) };
    },
  );
}
