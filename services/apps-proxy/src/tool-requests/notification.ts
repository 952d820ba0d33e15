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
 * Tells the requester (the request's `submitted_by`) about its new status. The gateway does not know
 * the requester's address here, so the message is not mailed.
 */
export function statusNotification(details: ToolRequestDetails): ToolNotification | undefined {
  if (!details.submitted_by) return undefined;
  const { status } = latestStatus(details);
  return {
    type: "tool",
    user: details.submitted_by,
    subject: `Tool Request ${details.name ?? ""} Status Changed to ${status ?? "unknown"}`,
    email: false,
    email_template: "tool_request_updated",
    payload: payload(details, "tool_request_updated", undefined),
  };
}

/** Hands a notification to the notification backend; a refusal is an error like a transport failure. */
export async function sendNotification(app: FastifyInstance, request: FastifyRequest, notification: ToolNotification) {
  const answer = await app.backends.notifications.call(request, {
    method: "POST",
    path: "/notification",
    json: notification,
    anonymous: true,
  });
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`the notification backend answered ${answer.status}`);
  }
}
