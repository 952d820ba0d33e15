import type { BackendClient } from "@de-gateway/backend-clients";
import type { FastifyRequest } from "fastify";
import { baseName } from "../data-paths.js";
import { sendNotice } from "../notices.js";
import { usernameOf } from "./requester.js";
import { type DetailedRequest, latestUpdate, type StoredRequest } from "./requests.js";

interface RequestNotice {
  user: string;
  subject: string;
  /** The requester's address when the gateway knows it; the notification is then e-mailed too. */
  email?: string;
  contents?: string;
  requestId: string;
}

/** Tells a requester about their request. */
const notify = (notifications: BackendClient, request: FastifyRequest, notice: RequestNotice) =>
  sendNotice(notifications, request, {
    type: "permanent_id_request",
    user: notice.user,
    subject: notice.subject,
    email: notice.email !== undefined,
    email_template: "blank",
    payload: {
      ...(notice.email === undefined ? {} : { email_address: notice.email }),
      ...(notice.contents === undefined ? {} : { contents: notice.contents }),
      uuid: notice.requestId,
    },
  });

/** The caller learns that their request was received. */
export const notifySubmitted = (
  notifications: BackendClient,
  request: FastifyRequest,
  stored: StoredRequest,
  folderPath: string,
) =>
  notify(notifications, request, {
    user: request.user.username,
    email: request.user.email || undefined,
    subject: `${stored.type} request submitted for ${baseName(folderPath)}`,
    requestId: stored.id,
  });

/** The requester learns their request's new status, with the curator's comments (by e-mail too when known). */
export function notifyStatusChange(notifications: BackendClient, request: FastifyRequest, changed: DetailedRequest) {
  const update = latestUpdate(changed);
  const folder = changed.folder ? baseName(changed.folder.path) : "an unknown folder";
  const { requested_by: requester } = changed;
  return notify(notifications, request, {
    user: usernameOf(requester),
    email: typeof requester === "object" && requester.email ? requester.email : undefined,
    subject: `${changed.type} request for ${folder}: status changed to ${update?.status ?? "unknown"}`,
    ...(update?.comments === undefined ? {} : { contents: update.comments }),
    requestId: changed.id,
  });
}
