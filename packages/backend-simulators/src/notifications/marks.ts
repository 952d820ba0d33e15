import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { SuccessCount } from "./answer-schemas.js";
import { agentErrors } from "./errors.js";
import { criteriaFrom, userMessages, userMessagesWithIds } from "./inbox.js";
import type { IntakeState, StoredNotification } from "./intake.js";
import { UserOnly, UuidList } from "./schemas.js";

const DeleteAllQuery = Type.Object({ user: Type.String({ minLength: 1 }), filter: Type.Optional(Type.String()) });

type UserAndUuids = { Querystring: Static<typeof UserOnly>; Body: Static<typeof UuidList> };

/**
 * Changing a user's messages: `POST /seen`, `POST /mark-all-seen` (user in the body), `POST /delete`,
 * `DELETE /delete-all` (optionally only a type, or `new`). Unknown ids and other users' messages are
 * silently left alone. Answers carry `count`: how many messages the change touched, the service's rows affected
 * (db/updates.go), not how many are left unseen.
 */
export const marks = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes(app, _state, all) {
    const inbox = () => all().intake as IntakeState;
    const changed = (messages: StoredNotification[], change: (stored: StoredNotification) => void) => {
      for (const stored of messages) change(stored);
      return { success: true, count: messages.length };
    };

    app.post<UserAndUuids>(
      "/seen",
      { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { querystring: UserOnly, body: UuidList } },
      async (request) => {
        const named = userMessagesWithIds(inbox(), request.query.user, request.body.uuids);
        return changed(named, (stored) => {
          stored.seen = true;
        });
      },
    );

    app.post<{ Body: Static<typeof UserOnly> }>(
      "/mark-all-seen",
      { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { body: UserOnly } },
      async (request) => {
        return changed(userMessages(inbox(), request.body.user, { seen: false }), (stored) => {
          stored.seen = true;
        });
      },
    );

    app.post<UserAndUuids>(
      "/delete",
      { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { querystring: UserOnly, body: UuidList } },
      async (request) => {
        const named = userMessagesWithIds(inbox(), request.query.user, request.body.uuids);
        return changed(named, (stored) => {
          stored.deleted = true;
        });
      },
    );

    app.delete<{ Querystring: Static<typeof DeleteAllQuery> }>(
      "/delete-all",
      { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { querystring: DeleteAllQuery } },
      async (request) => {
        const { user, filter } = request.query;
        return changed(userMessages(inbox(), user, criteriaFrom(filter, undefined)), (stored) => {
          stored.deleted = true;
        });
      },
    );
  },
});
