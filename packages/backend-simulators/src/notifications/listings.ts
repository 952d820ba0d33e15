import { answers } from "../framework/answers.js";
import { defineModule } from "../framework/module.js";
import { ErrorResponse, MessageCounts, NotificationListing } from "./answer-schemas.js";
import { criteriaFrom, listed, type MessageCriteria, sortMessages, userMessages } from "./inbox.js";
import type { IntakeState } from "./intake.js";
import { filterParam, optionalBool, queryParam, requiredUser, uintParam } from "./query-params.js";
import { serviceScope } from "./service-errors.js";
import { type SystemState, systemCounts } from "./system-store.js";

const listingAnswers = answers({ 200: NotificationListing, 400: ErrorResponse });

interface Page {
  offset: number;
  limit: number;
  sortField: string;
  sortDir: string;
}

/**
 * Reading a user's messages (stored by the intake module): `GET /messages` (paged, filtered, sorted;
 * `limit` 0 means all), `/unseen-messages` and `/count-messages` (api/v1/listings.go). There is no
 * `/last-ten-messages`: the service (api/v1/main.go) has none, whatever the gateway's catalogue names.
 * Deleted messages are never listed or counted. Totals are strings, as the real backend sends them.
 */
export const listings = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app, _state, all) =>
    serviceScope(app, (scope) => {
      const inbox = () => all().intake as IntakeState;
      // db/listings.go V1ListNotifications: `total` is `count(*) OVER ()` on the page's own rows, so a page past the
      // last message says 0; `unseen_total` counts the unseen messages of the listing's type, whatever its `seen`.
      const listing = (owner: string, criteria: MessageCriteria, { offset, limit, sortField, sortDir }: Page) => {
        const matching = userMessages(inbox(), owner, criteria);
        const page = sortMessages(matching, sortField, sortDir).slice(offset, limit > 0 ? offset + limit : undefined);
        return {
          messages: page.map(listed),
          total: String(page.length > 0 ? matching.length : 0),
          unseen_total: String(userMessages(inbox(), owner, { seen: false, type: criteria.type }).length),
        };
      };

      scope.get("/messages", listingAnswers, async (request) => {
        const query = request.query;
        const owner = requiredUser(query);
        const page = { limit: uintParam(query, "limit"), offset: uintParam(query, "offset") };
        const seen = optionalBool(query, "seen");
        const sortField = queryParam(query, "sort_field") || "timestamp";
        const sortDir = queryParam(query, "sort_dir") || "desc";
        return listing(owner, criteriaFrom(filterParam(query), seen), { ...page, sortField, sortDir });
      });

      scope.get("/unseen-messages", listingAnswers, async (request) =>
        listing(
          requiredUser(request.query),
          { seen: false },
          { offset: 0, limit: 0, sortField: "timestamp", sortDir: "asc" },
        ),
      );

      scope.get("/count-messages", answers({ 200: MessageCounts, 400: ErrorResponse }), async (request) => {
        const query = request.query;
        const owner = requiredUser(query);
        // Unlike the listing, the count reads its filter only as a type: `new` is a type no message has.
        const criteria = { seen: optionalBool(query, "seen"), type: filterParam(query) || undefined };
        return {
          "user-total": userMessages(inbox(), owner, criteria).length,
          ...systemCounts(all().system as SystemState, queryParam(query, "user")),
        };
      });
    }),
});
