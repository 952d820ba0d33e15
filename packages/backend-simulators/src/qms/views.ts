import type { ResourceType } from "./catalog.js";
import type { QmsStore, SubscriptionRecord } from "./store.js";

const amountsOf = (store: QmsStore, amounts: SubscriptionRecord["quotas"], key: "quota" | "usage") =>
  [...amounts.entries()].flatMap(([typeId, amount]) => {
    const resourceType = store.resourceTypes.find((type) => type.id === typeId) as ResourceType | undefined;
    return resourceType
      ? [{ id: amount.id, [key]: amount.value, resource_type: resourceType, last_modified_at: amount.lastModifiedAt }]
      : [];
  });

/** A subscription as QMS's /v1 API answers it. */
export const subscriptionView = (store: QmsStore, subscription: SubscriptionRecord) => ({
  id: subscription.id,
  effective_start_date: subscription.start.toISOString(),
  effective_end_date: subscription.end.toISOString(),
  user: subscription.user,
  plan: subscription.plan,
  plan_rate: subscription.planRate,
  quotas: amountsOf(store, subscription.quotas, "quota"),
  usages: amountsOf(store, subscription.usages, "usage"),
  paid: subscription.paid,
});

/** A user's usage updates as model/update.go Update sends them: the resource type as `resource_types`, no operation. */
export const updatesView = (store: QmsStore, username: string) =>
  store.updates
    .filter((update) => update.user.username === username)
    .map(({ update_operation: _operation, resource_type: resourceType, ...update }) => ({
      ...update,
      resource_types: resourceType,
      metadata: "{}",
    }));

export const usagesView = (store: QmsStore, subscription: SubscriptionRecord) =>
  amountsOf(store, subscription.usages, "usage");
