import type { AuthUser } from "@de-gateway/auth";
import { isSuccess } from "@de-gateway/backend-clients";
import { GatewayError } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import type { Subject } from "./schemas.js";

interface TeamNotification {
  recipient: Subject;
  subject: string;
  /** The e-mail template's name too, unless `template` names another. */
  action: string;
  payload: Record<string, unknown>;
  /** `team` unless given. */
  type?: string;
  template?: string;
}

/** Hands a notification to the notification backend, which stores it and e-mails it when it can. */
async function notify(
  request: FastifyRequest,
  { recipient, subject, action, payload, type, template }: TeamNotification,
) {
  const email = recipient.email ?? "";
  const response = await request.server.backends.notifications.call(request, {
    method: "POST",
    path: "/notification",
    json: {
      type: type ?? "team",
      user: recipient.id,
      subject,
      email: email !== "",
      email_template: template ?? action,
      payload: { action, email_address: email, ...payload },
    },
  });
  if (!isSuccess(response.status)) {
    throw new GatewayError(
      502,
      `the notification backend did not accept the notification (status ${response.status})`,
      "ERR_BAD_GATEWAY",
      { backend_response: response.body },
    );
  }
}

/** Tells a team administrator that the caller asks to join. */
export const sendJoinRequest = (
  request: FastifyRequest,
  { admin, requester, team, message }: { admin: Subject; requester: AuthUser; team: string; message: string },
) =>
  notify(request, {
    recipient: admin,
    subject: `${requester.commonName || requester.username} has requested to join team "${team}"`,
    action: "team_join_request",
    payload: {
      requester_id: requester.username,
      requester_name: requester.commonName,
      requester_email: requester.email,
      requester_message: message,
      team_name: team,
    },
  });

/** Tells the requester that an administrator turned the request down. */
export const sendJoinDenial = (
  request: FastifyRequest,
  { requester, team, message }: { requester: Subject; team: string; message: string },
) =>
  notify(request, {
    recipient: requester,
    subject: "Team join request denied",
    action: "team_join_denial",
    payload: { team_name: team, admin_message: message },
  });

/** Tells a new member they were added. */
export const sendAddedToTeam = (request: FastifyRequest, { member, team }: { member: Subject; team: string }) =>
  notify(request, {
    recipient: member,
    subject: "Added to team",
    action: "added_to_team",
    payload: { team_name: team },
  });

/** Tells a new administrator of a community about it (the reference's notice, mailed with its blank template). */
export const sendAddedAsCommunityAdmin = (
  request: FastifyRequest,
  { admin, community }: { admin: Subject; community: string },
) =>
  notify(request, {
    recipient: admin,
    type: "community",
    subject: `Added as collection admin to ${community}`,
    action: "added_to_community",
    template: "blank",
    payload: { contents: null, team_name: community },
  });
