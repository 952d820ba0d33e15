import { type Static, Type } from "typebox";
import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { MessageCounts, NotificationListing } from "./answer-schemas.js";
import { agentErrors } from "./errors.js";
import { criteriaFrom, listed, sortMessages, unseenCount, userMessages } from "./inbox.js";
import type { IntakeState } from "./intake.js";
import { UserOnly } from "./schemas.js";
import { type SystemState, systemCounts } from "./system-store.js";

const CountQuery = Type.Object({
  user: Type.String({ minLength: 1 }),
  seen: Type.Optional(Type.Boolean()),
  filter: Type.Optional(Type.String()),
});
const ListingQuery = Type.Object({
  user: Type.String({ minLength: 1 }),
  limit: Type.Optional(Type.Integer({ minimum: 0 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  seen: Type.Optional(Type.Boolean()),
  sort_field: Type.Optional(Type.String()),
  sort_dir: Type.Optional(Type.String()),
  filter: Type.Optional(Type.String()),
});

/**
 * Reading a user's messages (stored by the intake module): `GET /messages` (paged, filtered, sorted;
 * `limit` 0 means all), `/unseen-messages` and `/count-messages`. There is no `/last-ten-messages`: the service
 * (api/v1/main.go) has none, whatever the gateway's catalogue names.
 * Deleted messages are never listed or counted. Totals are strings, as the real backend sends them.
 */
export const listings = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes(app, _state, all) {
    const inbox = () => all().intake as IntakeState;
    // The service reads `total` from `count(*) OVER ()` on the page's own rows (db/listings.go), so a page past the
    // last message says 0.
    const listing = (user: string, page: ReturnType<typeof userMessages>, total: number) => ({
      messages: page.map(listed),
      total: String(page.length > 0 ? total : 0),
      unseen_total: String(unseenCount(inbox(), user)),
    });

    app.get<{ Querystring: Static<typeof ListingQuery> }>(
      "/messages",
      { ...agentErrors, ...answers({ 200: NotificationListing }), schema: { querystring: ListingQuery } },
      async (request) => {
        const { user, limit = 0, offset = 0, seen, sort_field, sort_dir, filter } = request.query;
        const matching = userMessages(inbox(), user, criteriaFrom(filter, seen));
        const sorted = sortMessages(matching, sort_field, sort_dir);
        return listing(user, sorted.slice(offset, limit > 0 ? offset + limit : undefined), matching.length);
      },
    );

    app.get<{ Querystring: Static<typeof UserOnly> }>(
      "/unseen-messages",
      { ...agentErrors, ...answers({ 200: NotificationListing }), schema: { querystring: UserOnly } },
      async (request) => {
        const unseen = userMessages(inbox(), request.query.user, { seen: false });
        return listing(request.query.user, sortMessages(unseen, "timestamp", "asc"), unseen.length);
      },
    );

    app.get<{ Querystring: Static<typeof CountQuery> }>(
      "/count-messages",
      { ...agentErrors, ...answers({ 200: MessageCounts }), schema: { querystring: CountQuery } },
      async (request) => {
        const { user, seen, filter } = request.query;
        // Unlike the listing, the count reads its filter only as a type: `new` is a type no message has
        // (api/v1/listings.go).
        const type = filter?.toLowerCase().replaceAll(" ", "_") || undefined;
        return {
          "user-total": userMessages(inbox(), user, { seen, type }).length,
          ...systemCounts(all().system as SystemState, user),
        };
      },
    );
  },
});
