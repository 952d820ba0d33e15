import type { DemoUser } from "../demo-users.js";
import { type AdministrativeRequest, type RequestUpdate, STATUS_CODES, type StatusCode } from "./state.js";

/** The e-mail template of each status (the `request_status_codes` rows of de-database's data fixtures). */
const EMAIL_TEMPLATES: Record<StatusCode, string> = {
  submitted: "request_submitted",
  "in-progress": "request_in_progress",
  approved: "request_complete",
  rejected: "request_rejected",
};

/**
 * What the requests service hands the notification agent when a request's status changes (api/requests.go
 * UpdateRequest): a `request` notification, mailed, to the requesting user as iplant-groups names them, whose payload
 * is the request's details with the request, the update's message and the user's address beside them.
 */
export function statusNotification(request: AdministrativeRequest, update: RequestUpdate, requester: DemoUser) {
  const status = STATUS_CODES[update.status];
  return {
    type: "request",
    user: requester.username,
    subject: `Administrative Request ${status}`,
    message: `Your administrative request status is now: ${status}.`,
    email: true,
    email_template: EMAIL_TEMPLATES[update.status],
    payload: {
      ...request.details,
      username: request.requesting_user,
      request_id: request.id,
      request_type: request.request_type,
      request_details: request.details,
      update_message: update.message,
      email_address: requester.email,
      action: "request_status_change",
      user: requester.username,
    },
  };
}
