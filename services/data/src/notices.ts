import type { BackendClient } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";

/** A message for one user, as the notification backend takes it (`POST /notification`). */
export interface Notice {
  type: string;
  user: string;
  subject: string;
  message?: string;
  email?: boolean;
  email_template?: string;
  payload: Record<string, unknown>;
}

/**
 * Hands a notice to the notification backend. Notices tell people about changes already made: one that cannot
 * be delivered is logged and never fails the change.
 */
export async function sendNotice(notifications: BackendClient, request: FastifyRequest, notice: Notice): Promise<void> {
  try {
    await notifications.json(request, { method: "POST", path: "/notification", anonymous: true, json: notice });
  } catch (error) {
    request.log.warn({ err: error, user: notice.user, type: notice.type }, "notice not delivered");
  }
}
