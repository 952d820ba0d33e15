import type { FastifyInstance } from "fastify";
import { answers } from "../framework/answers.js";
import type { Plan } from "../qms/catalog.js";
import type { QmsStore, SubscriptionRecord } from "../qms/store.js";
import { SummaryAnswer } from "./answer-schemas.js";
import { answer, envelopeErrors } from "./envelope.js";
import { type AddonStore, appliedView, asAddonResourceType } from "./store.js";

/** Who QMS records as having made the quotas and usages it keeps. */
const RECORDED_BY = "qms";

const withUuid = <T extends { id: string }>({ id, ...rest }: T) => ({ uuid: id, ...rest });

const planOf = (plan: Plan) => ({
  ...withUuid(plan),
  plan_quota_defaults: plan.plan_quota_defaults.map((quota) => ({
    ...withUuid(quota),
    resource_type: asAddonResourceType(quota.resource_type),
  })),
  plan_rates: plan.plan_rates.map(withUuid),
});

/** A subscription's quotas or usages as the service's messages carry them: with their subscription and audit fields. */
function amountsOf(qms: QmsStore, subscription: SubscriptionRecord, key: "quota" | "usage") {
  const amounts = key === "quota" ? subscription.quotas : subscription.usages;
  return [...amounts.entries()].flatMap(([typeId, amount]) => {
    const resourceType = qms.resourceTypes.find((type) => type.id === typeId);
    if (!resourceType) return [];
    return [
      {
        uuid: amount.id,
        [key]: amount.value,
        resource_type: asAddonResourceType(resourceType),
        subscription_id: subscription.id,
        created_by: RECORDED_BY,
        created_at: amount.createdAt.toISOString(),
        last_modified_by: RECORDED_BY,
        last_modified_at: amount.lastModifiedAt.toISOString(),
      },
    ];
  });
}

/**
 * `GET /summary/{user}`: the user's subscription in effect (the default plan on first sight) with its quotas,
 * usages and applied add-ons, in the service's own field names (`uuid` for ids). resource-usage-api reads it.
 */
export function summaryRoutes(app: FastifyInstance, store: () => AddonStore, qms: () => QmsStore): void {
  app.get<{ Params: { user: string } }>(
    "/summary/:user",
    { ...envelopeErrors("subscription"), ...answers({ 200: SummaryAnswer }) },
    async (request) => {
      // app/app.go FixUsername drops everything from the first `@` (resource-usage-api sends the domain twice).
      const subscription = qms().activeSubscription(request.params.user.replace(/@.*$/, ""));
      return answer("subscription", {
        uuid: subscription.id,
        effective_start_date: subscription.start.toISOString(),
        effective_end_date: subscription.end.toISOString(),
        user: withUuid(subscription.user),
        plan: planOf(subscription.plan),
        plan_rate: withUuid(subscription.planRate),
        quotas: amountsOf(qms(), subscription, "quota"),
        usages: amountsOf(qms(), subscription, "usage"),
        paid: subscription.paid,
        addons: store().appliedTo(subscription.id).map(appliedView),
      });
    },
  );
}
