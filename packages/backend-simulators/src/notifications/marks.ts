import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { SuccessCount } from "./answer-schemas.js";
import { agentErrors } from "./errors.js";
import { criteriaFrom, unseenCount, userMessages, userMessagesWithIds } from "./inbox.js";
import type { IntakeState } from "./intake.js";
import { UserOnly, UuidList } from "./schemas.js";

const DeleteAllQuery = Type.Object({ user: Type.String({ minLength: 1 }), filter: Type.Optional(Type.String()) });

type UserAndUuids = { Querystring: Static<typeof UserOnly>; Body: Static<typeof UuidList> };

/**
 * Changing a user's messages: `POST /seen`, `POST /mark-all-seen` (user in the body), `POST /delete`,
 * `DELETE /delete-all` (optionally only a type, or `new`). Unknown ids and other users' messages are
 * silently left alone. Answers carry `count`: the user's messages still unseen.
 */
export const marks = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes(app, _state, all) {
    const inbox = () => all().intake as IntakeState;
    const stillUnseen = (user: string) => ({ success: true, count: unseenCount(inbox(), user) });

    app.post<UserAndUuids>(
      "/seen",
      { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { querystring: UserOnly, body: UuidList } },
      async (request) => {
        for (const stored of userMessagesWithIds(inbox(), request.query.user, request.body.uuids)) stored.seen = true;
        return stillUnseen(request.query.user);
      },
    );

    app.post<{ Body: Static<typeof UserOnly> }>(
      "/mark-all-seen",
      { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { body: UserOnly } },
      async (request) => {
        for (const stored of userMessages(inbox(), request.body.user, { seen: false })) stored.seen = true;
        return stillUnseen(request.body.user);
      },
    );

    app.post<UserAndUuids>(
      "/delete",
      { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { querystring: UserOnly, body: UuidList } },
      async (request) => {
        for (const stored of userMessagesWithIds(inbox(), request.query.user, request.body.uuids))
          stored.deleted = true;
        return stillUnseen(request.query.user);
      },
    );

    app.delete<{ Querystring: Static<typeof DeleteAllQuery> }>(
      "/delete-all",
      { ...agentErrors, ...answers({ 200: SuccessCount }), schema: { querystring: DeleteAllQuery } },
      async (request) => {
        const { user, filter } = request.query;
        for (const stored of userMessages(inbox(), user, criteriaFrom(filter, undefined))) stored.deleted = true;
        return stillUnseen(user);
      },
    );
  },
});
