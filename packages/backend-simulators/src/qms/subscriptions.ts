import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import { SubscriptionListingAnswer, SubscriptionResponsesAnswer } from "./answer-schemas.js";
import { CPU_HOURS, type Plan } from "./catalog.js";
import { QmsError, qmsErrors, success } from "./envelope.js";
import { booleanParam, enumParam, integerParam, shortUsername } from "./request-values.js";
import { type QmsStore, yearsLater } from "./store.js";
import { decodedEntry } from "./timestamp.js";
import { subscriptionView } from "./views.js";

interface SubscriptionRequest {
  [field: string]: unknown;
  username?: unknown;
  plan_name?: unknown;
  paid?: unknown;
  periods?: unknown;
}

/** An entry with the dates QMS decoded from it. */
type DecodedRequest = ReturnType<typeof decodedEntry<SubscriptionRequest>>;

const cpuHoursOf = (plan: Plan) =>
  plan.plan_quota_defaults.find((quota) => quota.resource_type.id === CPU_HOURS.id)?.quota_value ?? 0;

const failure = (username: string, reason: string) => ({
  user: { username },
  quotas: null,
  usages: null,
  paid: false,
  failure_reason: reason,
  new_subscription: false,
});

/**
 * One entry of a bulk subscription. Without `force`, a user whose subscriptions over the period include one with
 * at least as many CPU hours keeps it, and that one is answered (not new), as QMS ranks plans by their CPU hours.
 */
function addSubscription(qms: QmsStore, request: DecodedRequest, force: boolean, domain: string) {
  if (typeof request.username !== "string" || !request.username) {
    return failure("", "no username provided in request");
  }
  const username = shortUsername(request.username, domain);
  if (typeof request.plan_name !== "string" || !request.plan_name) {
    return failure(username, "no plan name provided in request");
  }
  if (typeof request.paid !== "boolean") return failure(username, "no paid indicator provided in request");
  const periods = typeof request.periods === "number" ? request.periods : 1;
  const start = request.start_date ?? new Date();
  const end = request.end_date ?? yearsLater(start, periods);
  if (start >= end) return failure(username, "start date must precede end date");
  if (end <= new Date()) return failure(username, "end date must be in the future");
  const plan = qms.planNamed(request.plan_name);
  if (!plan) return failure(username, `plan does not exist: ${request.plan_name}`);
  if (!force) {
    const overlapping = qms.subscriptions.filter(
      (sub) => sub.user.username === username && sub.start < end && sub.end > start,
    );
    const best = overlapping.sort((a, b) => cpuHoursOf(b.plan) - cpuHoursOf(a.plan))[0];
    if (best && cpuHoursOf(plan) <= cpuHoursOf(best.plan)) {
      return { ...subscriptionView(qms, best), new_subscription: false };
    }
  }
  const subscription = qms.subscribe(username, plan, { paid: request.paid, start, end, periods });
  return { ...subscriptionView(qms, subscription), new_subscription: true };
}

/** The administrators' listing of every subscription, and bulk subscriptions (`/v1/subscriptions`). */
export function subscriptionRoutes(app: FastifyInstance, store: () => QmsStore, domain: string): void {
  app.get<{ Querystring: Record<string, unknown> }>(
    "/v1/subscriptions",
    { ...qmsErrors, ...answers({ 200: SubscriptionListingAnswer }) },
    async (request) => {
      const qms = store();
      const listing = qms.listSubscriptions({
        offset: integerParam(request.query, "offset", 0),
        limit: integerParam(request.query, "limit", 50, 1000),
        sortField: enumParam(request.query, "sort-field", ["username", "start-date", "end-date"], "username"),
        sortDir: enumParam(request.query, "sort-dir", ["asc", "desc"], "asc"),
        search: String(request.query.search ?? ""),
      });
      return success({
        subscriptions: listing.subscriptions.map((subscription) => subscriptionView(qms, subscription)),
        total: listing.total,
      });
    },
  );

  app.post<{ Querystring: Record<string, unknown>; Body: { subscriptions?: unknown } | null }>(
    "/v1/subscriptions",
    { ...qmsErrors, ...answers({ 200: SubscriptionResponsesAnswer }) },
    async (request) => {
      const requests = request.body?.subscriptions ?? [];
      if (!Array.isArray(requests)) throw new QmsError(400, "invalid request body: subscriptions must be a list");
      // The body is decoded whole before any entry is looked at: one date QMS cannot read refuses them all.
      let decoded: DecodedRequest[];
      try {
        decoded = requests.map((entry: SubscriptionRequest | null) => decodedEntry(entry ?? {}));
      } catch (error) {
        throw new QmsError(400, (error as Error).message);
      }
      const force = booleanParam(request.query, "force", true);
      const qms = store();
      return success(decoded.map((entry) => addSubscription(qms, entry, force, domain)));
    },
  );
}
