import type { Access } from "@de-gateway/auth";
import { path } from "@de-gateway/backend-clients";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { qmsAnswer } from "../backend-answers.js";
import { requireKnownUser } from "../known-users.js";
import { Envelope, failures, Subscription, SubscriptionListing, UsernameParams } from "../schemas.js";
import { UserSubscriptionsQuery } from "./user.js";

export interface UserPlanOptions {
  /** `/admin/qms` or `/service/qms`. */
  base: string;
  access: Access;
  tag: string;
  /** Whether `paid` may be left out of a plan change, and is then true (the service accounts' routes). */
  paidByDefault: boolean;
  /** The account the directory is asked as whether a user exists. */
  grouperUser: string;
}

const PlanChangeQuery = (paidByDefault: boolean) =>
  Type.Object({
    paid: paidByDefault
      ? Type.Optional(
          Type.Boolean({ default: true, description: "whether the subscription is paid for (true when left out)" }),
        )
      : Type.Boolean({ description: "whether the subscription is paid for" }),
    periods: Type.Optional(Type.Integer({ minimum: 0, description: "years; 1 when left out" })),
    "start-date": Type.Optional(Type.String({ format: "date", description: "YYYY-MM-DD; today when left out" })),
    "end-date": Type.Optional(Type.String({ format: "date", description: "YYYY-MM-DD; the start plus the periods" })),
  });

/** A named user's plan, plan change and subscriptions, for administrators and for the platform's service accounts. */
export const userPlanRoutes: FastifyPluginAsyncTypebox<UserPlanOptions> = async (
  app,
  { base, access, tag, paidByDefault, grouperUser },
) => {
  const tags = [tag];

  app.get(
    `${base}/users/:username/plan`,
    {
      config: { auth: access },
      schema: {
        summary: "A user's subscription in effect (the default plan on first sight)",
        tags,
        params: UsernameParams,
        response: { 200: Envelope(Subscription), ...failures },
      },
    },
    async (request) => qmsAnswer(request, { path: path`/v1/users/${request.params.username}/plan` }),
  );

  app.put(
    `${base}/users/:username/plan/:planName`,
    {
      config: { auth: access },
      schema: {
        summary:
          "Subscribe a user to the named plan; the subscriptions it overlaps end where it starts. " +
          "Names the directory does not know are refused before QMS sees them",
        tags,
        params: Type.Object({ ...UsernameParams.properties, planName: Type.String({ minLength: 1 }) }),
        querystring: PlanChangeQuery(paidByDefault),
        response: { 200: Envelope(Subscription), ...failures },
      },
    },
    async (request) => {
      const { username, planName } = request.params;
      await requireKnownUser(request, grouperUser, username);
      return qmsAnswer(request, {
        method: "PUT",
        // QMS's path has no `/plan`.
        path: path`/v1/users/${username}/${planName}`,
        query: { ...request.query, paid: request.query.paid ?? true },
      });
    },
  );

  app.get(
    `${base}/users/:username/subscriptions`,
    {
      config: { auth: access },
      schema: {
        summary: "A user's subscriptions",
        tags,
        params: UsernameParams,
        querystring: UserSubscriptionsQuery,
        response: { 200: Envelope(SubscriptionListing), ...failures },
      },
    },
    async (request) =>
      qmsAnswer(request, { path: path`/v1/users/${request.params.username}/subscriptions`, query: request.query }),
  );
};
