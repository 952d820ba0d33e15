import { forbidden, GatewayError, notFound } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { isPerson } from "../grouper/subjects.js";
import { errors, GroupName, TeamMessage } from "../schemas.js";
import type { GroupsSettings } from "../settings.js";
import { sendJoinDenial, sendJoinRequest } from "../team-notifications.js";
import { visibleTeam } from "../visible-team.js";

const Done = Type.Object({});
const DenialParams = Type.Object({ name: Type.String({ minLength: 1 }), requester: Type.String({ minLength: 1 }) });

const messageOf = (body: { message?: string } | null) => body?.message ?? "";

/** Asking to join a team that one may not simply join, and an administrator turning such a request down. */
export const teamJoinRequestRoutes: FastifyPluginAsyncTypebox<{ settings: GroupsSettings }> = async (
  app,
  { settings },
) => {
  const { serviceAccount } = settings;

  app.post(
    "/teams/:name/join-request",
    {
      schema: {
        summary: "Ask to join a team: one of its administrators gets a notification",
        params: GroupName,
        body: TeamMessage,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      // The requester may not see who administers the team; the gateway's account looks it up.
      const admins = (await backend.privileges(target, { privilege: "admin" }, true))
        .map((privilege) => privilege.subject)
        .filter((subject) => isPerson(subject, serviceAccount));
      const admin = admins[0];
      if (!admin) throw new GatewayError(409, `${target.label} has no administrator who could let you in`);
      await sendJoinRequest(request, {
        admin,
        requester: request.user,
        team: request.params.name,
        message: messageOf(request.body),
      });
      return {};
    },
  );

  app.post(
    "/teams/:name/join-request/:requester/deny",
    {
      schema: {
        summary: "Deny a request to join a team (administrators): the requester gets a notification",
        params: DenialParams,
        body: TeamMessage,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      const { target, backend } = await visibleTeam(request, settings, request.params.name);
      const own = await backend.privileges(target, { privilege: "admin", "subject-id": request.user.username });
      if (own.length === 0) throw forbidden(`only an administrator of ${target.label} may deny requests to join it`);
      const requester = await backend.subject(request.params.requester);
      if (!requester) throw notFound(`there is no user ${request.params.requester}`);
      await sendJoinDenial(request, { requester, team: request.params.name, message: messageOf(request.body) });
      return {};
    },
  );
};
