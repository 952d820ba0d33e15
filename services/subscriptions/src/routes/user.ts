import { path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { qmsAnswer } from "../backend-answers.js";
import { Envelope, failures, Subscription, SubscriptionListing } from "../schemas.js";

const tags = ["qms"];

/** `include-expired` and `cutoff` of a user's subscription listing, as QMS reads them. */
export const UserSubscriptionsQuery = Type.Object({
  "include-expired": Type.Optional(Type.Boolean({ description: "list subscriptions that ended before the cutoff" })),
  cutoff: Type.Optional(Type.String({ format: "date", description: "YYYY-MM-DD; now when left out" })),
});

/** The caller's own plan, subscriptions and usages: QMS is asked about the user the token names. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/qms/user/plan",
    {
      schema: {
        summary: "The caller's subscription in effect (the default plan on first sight), with quotas and usages",
        tags,
        response: { 200: Envelope(Subscription), ...failures },
      },
    },
    async (request) => qmsAnswer(request, { path: path`/v1/users/${request.user.username}/plan` }),
  );

  app.get(
    "/qms/user/subscriptions",
    {
      schema: {
        summary: "The caller's subscriptions",
        tags,
        querystring: UserSubscriptionsQuery,
        response: { 200: Envelope(SubscriptionListing), ...failures },
      },
    },
    async (request) =>
      qmsAnswer(request, { path: path`/v1/users/${request.user.username}/subscriptions`, query: request.query }),
  );

  app.get(
    "/qms/user/usages",
    {
      schema: {
        summary: "The caller's usages in the subscription in effect",
        tags,
        response: { 200: Envelope(Type.Array(Type.Unknown())), ...failures },
      },
    },
    async (request) => qmsAnswer(request, { path: path`/v1/usages/${request.user.username}` }),
  );
};
