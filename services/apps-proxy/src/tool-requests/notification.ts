import { isSuccess, path } from "@de-gateway/backend-clients";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { latestStatus, type ToolRequestDetails } from "./details.js";

/** A message for the notification backend's `POST /notification`. */
export interface ToolNotification {
  type: "tool";
  user: string;
  subject: string;
  email: boolean;
  email_template: string;
  payload: Record<string, unknown>;
}

/** The `tool` payload fields the interface names, plus the request's id, status and comments. */
function payload(details: ToolRequestDetails, action: string, emailAddress: string | undefined) {
  const { status, comments } = latestStatus(details);
  return {
    action,
    ...(emailAddress ? { email_address: emailAddress } : {}),
    toolname: details.name ?? "",
    tooldirectory: details.source_url ?? "",
    tooldescription: details.description ?? "",
    toolattribution: details.attribution ?? "",
    toolversion: details.version ?? "",
    tool_request_id: details.id ?? "",
    status: status ?? "",
    comments: comments ?? "",
  };
}

/** Tells the requester that the request was received. */
export function submittedNotification(details: ToolRequestDetails, username: string, email: string): ToolNotification {
  return {
    type: "tool",
    user: username,
    subject: `Tool Request ${details.name ?? ""} Submitted`,
    email: Boolean(email),
    email_template: "tool_request_submitted",
    payload: payload(details, "tool_request_submitted", email),
  };
}

/**
 * The requester's short username: the apps backend may keep users qualified with the identity domain
 * (`alice@example.org`), and the notification backend knows them by the short name.
 */
export const requesterOf = (details: ToolRequestDetails | null): string | undefined =>
  typeof details?.submitted_by === "string" ? details.submitted_by.replace(/@.*$/, "") || undefined : undefined;

/** Tells the requester about the request's new status; mailed when the requester's address is known. */
export function statusNotification(
  details: ToolRequestDetails,
  requester: string,
  emailAddress: string | undefined,
): ToolNotification {
  const { status } = latestStatus(details);
  return {
    type: "tool",
    user: requester,
    subject: `Tool Request ${details.name ?? ""} Status Changed to ${status ?? "unknown"}`,
    email: Boolean(emailAddress),
    email_template: "tool_request_updated",
    payload: payload(details, "tool_request_updated", emailAddress),
  };
}

/**
 * The requester's mail address from the user directory (the groups backend's subjects), or undefined when the
 * directory does not know it or cannot be reached: the notice is then shown in the platform without a mail.
 */
export async function requesterAddress(app: FastifyInstance, request: FastifyRequest, requester: string) {
  try {
    const subject = await app.backends.groups.json<{ email?: unknown }>(request, {
      path: path`/subjects/${requester}`,
    });
    return typeof subject.email === "string" && subject.email ? subject.email : undefined;
  } catch (error) {
    request.log.warn({ err: error, requester }, "the tool requester's mail address could not be looked up");
    return undefined;
  }
}

/** Hands a notification to the notification backend; a refusal is an error like a transport failure. */
export async function sendNotification(app: FastifyInstance, request: FastifyRequest, notification: ToolNotification) {
  const answer = await app.backends.notifications.call(request, {
    method: "POST",
    path: "/notification",
    json: notification,
    anonymous: true,
  });
  if (!isSuccess(answer.status)) {
    throw new Error(`the notification backend answered ${answer.status}`);
  }
}
