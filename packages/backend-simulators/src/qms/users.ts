import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { SubscriptionAnswer, SubscriptionListingAnswer, SubscriptionResponseAnswer } from "./answer-schemas.js";
import { QmsError, qmsErrors, success } from "./envelope.js";
import { booleanParam, dateParam, integerParam, shortUsername } from "./request-values.js";
import { type QmsStore, yearsLater } from "./store.js";
import { subscriptionView } from "./views.js";

type UserParams = { Params: { username: string }; Querystring: Record<string, unknown> };

/** A user's plan, subscriptions, quota and plan changes (`/v1/users/{username}/…`). */
export function userRoutes(app: FastifyInstance, store: () => QmsStore, domain: string): void {
  const username = (params: { username: string }) => shortUsername(params.username, domain);

  app.get<UserParams>(
    "/v1/users/:username/plan",
    { ...qmsErrors, ...answers({ 200: SubscriptionAnswer }) },
    async (request) => {
      const qms = store();
      return success(subscriptionView(qms, qms.activeSubscription(username(request.params))));
    },
  );

  app.get<UserParams>(
    "/v1/users/:username/subscriptions",
    { ...qmsErrors, ...answers({ 200: SubscriptionListingAnswer }) },
    async (request) => {
      const includeExpired = booleanParam(request.query, "include-expired", false);
      const cutoff = dateParam(request.query, "cutoff", new Date());
      const qms = store();
      const subscriptions = qms.subscriptionsOf(username(request.params), includeExpired, cutoff);
      return success({
        subscriptions: subscriptions.map((subscription) => subscriptionView(qms, subscription)),
        total: subscriptions.length,
      });
    },
  );

  app.post<UserParams & { Params: { resource_type: string }; Body: unknown }>(
    "/v1/users/:username/plan/:resource_type/quota",
    { ...qmsErrors, ...answers({ 200: SubscriptionResponseAnswer }) },
    async (request) => {
      const quota = (request.body as { quota?: unknown } | null)?.quota;
      // QMS validates with `required`, which a zero also fails.
      if (typeof quota !== "number" || quota === 0) {
        throw new QmsError(
          400,
          "invalid request body: Key: 'QuotaValue.Quota' Error:Field validation for 'Quota' failed on the 'required' tag",
        );
      }
      const qms = store();
      const name = request.params.resource_type;
      const resourceType = qms.resourceTypeNamed(name);
      if (!resourceType) throw new QmsError(400, `resource type '${name}' not found`);
      const user = username(request.params);
      const created = !qms.hasActiveSubscription(user);
      const subscription = qms.activeSubscription(user);
      qms.setQuota(subscription, resourceType, quota);
      return success({ ...subscriptionView(qms, subscription), new_subscription: created });
    },
  );

  app.put<UserParams & { Params: { plan_name: string } }>(
    "/v1/users/:username/:plan_name",
    { ...qmsErrors, ...answers({ 200: SubscriptionAnswer }) },
    async (request) => {
      const paid = booleanParam(request.query, "paid");
      const user = username(request.params);
      const periods = integerParam(request.query, "periods", 1);
      const start = dateParam(request.query, "start-date", new Date());
      const end = dateParam(request.query, "end-date", yearsLater(start, periods));
      if (end <= new Date()) throw new QmsError(400, "end date must be in the future");
      if (start >= end) throw new QmsError(400, "the start date must precede the end date");
      const qms = store();
      const plan = qms.planNamed(request.params.plan_name);
      if (!plan) throw new QmsError(400, `plan name \`${request.params.plan_name}\` not found`);
      return success(subscriptionView(qms, qms.subscribe(user, plan, { paid, start, end, periods })));
    },
  );
}
