import { randomUUID } from "node:crypto";
import { type Static, Type } from "typebox";
import { answers, NoBody } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { agentErrors } from "./errors.js";

/** A user message as the notification backend stores it. */
export interface StoredNotification {
  user: string;
  type: string;
  subject: string;
  email: boolean;
  emailTemplate?: string;
  payload: Record<string, unknown>;
  message: { id: string; text: string; timestamp: number };
  seen: boolean;
  deleted: boolean;
}

export interface IntakeState {
  messages: StoredNotification[];
}

const NotificationRequest = Type.Object({
  type: Type.String({ minLength: 1 }),
  user: Type.String({ minLength: 1 }),
  subject: Type.String(),
  message: Type.Optional(Type.String()),
  email: Type.Optional(Type.Boolean()),
  email_template: Type.Optional(Type.String()),
  payload: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** `POST /notification`: how other platform services (and the gateway) hand a message to a user. */
export const intake = defineModule<IntakeState>({
  makeState: () => ({ messages: [] }),
  routes(app, state) {
    app.post<{ Body: Static<typeof NotificationRequest> }>(
      "/notification",
      { ...agentErrors, ...answers({ 200: NoBody }), schema: { body: NotificationRequest } },
      async (request, reply) => {
        const body = request.body;
        const stored: StoredNotification = {
          user: body.user,
          type: body.type,
          subject: body.subject,
          email: body.email ?? false,
          ...(body.email_template ? { emailTemplate: body.email_template } : {}),
          payload: body.payload ?? {},
          message: { id: randomUUID(), text: body.message ?? body.subject, timestamp: Date.now() },
          seen: false,
          deleted: false,
        };
        state().messages.push(stored);
        // The service hands the request on to its queue and answers with no body (api/v1/notification_request.go).
        return reply.send();
      },
    );
  },
});
