import { randomUUID } from "node:crypto";
import { answers, NoBody } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { ErrorResponse } from "./answer-schemas.js";
import { readNotificationRequest } from "./notification-request.js";
import { serviceScope } from "./service-errors.js";
import { qualified } from "./usernames.js";

/**
 * A user message as the service stores it: the row's columns the handlers read (`owner`, `type`, `timeCreated`,
 * `seen`, `deleted`) and the rest as the recorder wrote its outgoing JSON (recorder/recorder.go
 * buildNotificationMessage), which the listings serve.
 */
export interface StoredNotification {
  /** The recipient as the request named them, which the listings show. */
  user: string;
  /** The qualified username the message is kept under (common/usernames.go): whom it belongs to. */
  owner: string;
  /** The type as recorded: in lower case (recorder.go Record). */
  type: string;
  subject: string;
  email: boolean;
  emailTemplate?: string;
  /** As sent, its `startdate` and `enddate` as epoch milliseconds; null when none was sent. */
  payload: Record<string, unknown> | null;
  /** `timestamp`: epoch milliseconds as a string (common/times.go FormatTimestamp). */
  message: { id: string; text: string; timestamp: string };
  /** Epoch milliseconds: the `time_created` listings sort by. */
  timeCreated: number;
  seen: boolean;
  deleted: boolean;
}

export interface IntakeState {
  messages: StoredNotification[];
}

/**
 * Stores a request read as `POST /notification` reads it (its refusals thrown as the route answers them), recorded
 * at `now` (epoch milliseconds).
 */
export function receiveNotification(state: IntakeState, body: unknown, now = Date.now()): void {
  const sent = readNotificationRequest(body);
  state.messages.push({
    user: sent.user,
    owner: qualified(sent.user),
    type: sent.type.toLowerCase(),
    subject: sent.subject,
    email: sent.email,
    ...(sent.email_template ? { emailTemplate: sent.email_template } : {}),
    payload: sent.payload,
    // An empty message shows the subject (recorder.go buildNotificationMessage).
    message: { id: randomUUID(), text: sent.message || sent.subject, timestamp: String(now) },
    timeCreated: now,
    seen: false,
    deleted: false,
  });
}

/**
 * `POST /notification`: how other platform services (and the gateway) hand a message to a user. The service
 * publishes it and its recorder stores it; here it is stored at once.
 */
export const intake = defineModule<IntakeState>({
  makeState: () => ({ messages: [] }),
  routes: (app, state) =>
    serviceScope(app, (scope) => {
      scope.post("/notification", answers({ 200: NoBody, 400: ErrorResponse }), async (request, reply) => {
        receiveNotification(state(), request.body);
        // The handler publishes the request and answers with no body (api/v1/notification_request.go).
        return reply.send();
      });
    }),
});
