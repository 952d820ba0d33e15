import { badRequest, forbidden } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { clientMembers } from "../grouper/formats.js";
import type { GroupsBackend, Target } from "../grouper/groups-backend.js";
import { isGroupSubject } from "../grouper/subjects.js";
import { assertKnownSubjects } from "../known-subjects.js";
import { errors, GroupName, MemberResults, Members, MemberUpdate } from "../schemas.js";
import type { GroupsSettings } from "../settings.js";
import { sendAddedToTeam } from "../team-notifications.js";
import { visibleTeam } from "../visible-team.js";

const succeeded = (result: MemberResults) =>
  result.results.filter((line) => line.success).map((line) => line.subject_id);

/** What membership brings: optout, so a member may leave, and read, so a member sees who else belongs (as terrain). */
const MEMBER_PRIVILEGES = ["optout", "read"];

const memberPrivileges = (subjects: string[]) =>
  subjects.map((subject_id) => ({ subject_id, privileges: MEMBER_PRIVILEGES }));

/**
 * Members gain the member privileges and lose them when they go; other privileges (admin, view, …) are kept. The
 * gateway's account takes that step once the caller's own membership change has been allowed.
 */
async function grantMemberPrivileges(backend: GroupsBackend, target: Target, subjects: string[]) {
  if (subjects.length > 0) {
    await backend.setPrivileges(target, memberPrivileges(subjects), { replace: false, asService: true });
  }
}

async function revokeMemberPrivileges(backend: GroupsBackend, target: Target, subjects: string[]) {
  if (subjects.length > 0) await backend.revokePrivileges(target, memberPrivileges(subjects), true);
}

/**
 * The groups backend answers a membership change it refuses with a failed line per subject, not an error (it asks
 * Grouper without failing on refusals). Changing others' memberships needs admin or update on the team: checked
 * first, so that a caller who may not gets 403 and nothing changes; so are the subjects, which must all be known.
 */
async function assertMayChangeMembers(
  request: FastifyRequest,
  backend: GroupsBackend,
  target: Target,
  what: string,
  members: readonly string[],
) {
  if (!(await backend.holds(target, request.user.username, ["admin", "update"]))) {
    throw forbidden(`only an administrator of ${target.label} may ${what}`);
  }
  await assertKnownSubjects(backend, members);
}

/** The caller's own line of a membership result: joining or leaving, refused when it failed. */
function assertOwnChange(request: FastifyRequest, result: MemberResults, refusal: string) {
  const own = result.results.find((line) => line.subject_id === request.user.username);
  if (!own?.success) throw forbidden(refusal);
}

/** New members hear about it; the membership stands even if a notification cannot be delivered. */
async function announce(request: FastifyRequest, backend: GroupsBackend, team: string, added: string[]) {
  for (const id of added.filter((member) => member !== request.user.username)) {
    try {
      const member = await backend.subject(id);
      if (member && !isGroupSubject(member)) await sendAddedToTeam(request, { member, team });
    } catch (error) {
      request.log.warn({ err: error, member: id, team }, "could not tell a new member about the team");
    }
  }
}

/** Team membership: listing, adding and removing members (administrators), joining and leaving. */
export const teamMemberRoutes: FastifyPluginAsyncTypebox<{ settings: GroupsSettings }> = async (app, { settings }) => {
  const { serviceAccount } = settings;

  /** The gateway's own account stays out of memberships: it administers every team. */
  const refuseServiceAccount = (members: string[]) => {
    if (members.includes(serviceAccount))
      throw badRequest(`${serviceAccount} cannot be added to or removed from teams`);
  };

  app.get(
    "/teams/:name/members",
    { schema: { summary: "Members of a team", params: GroupName, response: { 200: Members, ...errors } } },
    async (request) => {
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      return { members: clientMembers(await backend.members(target), serviceAccount) };
    },
  );

  app.post(
    "/teams/:name/members",
    {
      schema: {
        summary: "Add members to a team (administrators); each gets the optout and read privileges",
        params: GroupName,
        body: MemberUpdate,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      refuseServiceAccount(request.body.members);
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      await assertMayChangeMembers(request, backend, target, "add members", request.body.members);
      const result = await backend.addMembers(target, request.body.members);
      await grantMemberPrivileges(backend, target, succeeded(result));
      await announce(request, backend, request.params.name, succeeded(result));
      return result;
    },
  );

  app.post(
    "/teams/:name/members/deleter",
    {
      schema: {
        summary: "Remove members from a team (administrators); they lose optout and read, other privileges stay",
        params: GroupName,
        body: MemberUpdate,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      refuseServiceAccount(request.body.members);
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      await assertMayChangeMembers(request, backend, target, "remove members", request.body.members);
      const result = await backend.removeMembers(target, request.body.members);
      await revokeMemberPrivileges(backend, target, succeeded(result));
      return result;
    },
  );

  app.post(
    "/teams/:name/join",
    {
      schema: {
        summary: "Join a team (needs the optin privilege)",
        params: GroupName,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      const refusal = `joining ${target.label} needs the optin privilege; send a join request to its administrators instead`;
      const result = await backend.addMembers(target, [request.user.username], { 403: refusal });
      assertOwnChange(request, result, refusal);
      await grantMemberPrivileges(backend, target, succeeded(result));
      return result;
    },
  );

  app.post(
    "/teams/:name/leave",
    {
      schema: {
        summary: "Leave a team; optout and read are revoked, other privileges stay",
        params: GroupName,
        response: { 200: MemberResults, ...errors },
      },
    },
    async (request) => {
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      const refusal = `leaving ${target.label} needs the optout privilege; ask one of its administrators to remove you`;
      const result = await backend.removeMembers(target, [request.user.username], { 403: refusal });
      assertOwnChange(request, result, refusal);
      await revokeMemberPrivileges(backend, target, succeeded(result));
      return result;
    },
  );
};
