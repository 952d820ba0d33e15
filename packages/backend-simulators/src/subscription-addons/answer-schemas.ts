import { type TSchema, Type } from "typebox";

// The answers of the subscriptions service's add-on API (cyverse-de/subscriptions app/*.go): messages of
// cyverse-de/p protos/qms_addons.proto and qms_subscriptions.proto, sent with every field, unset messages as null,
// as the service's golden answers show (apitest/testdata/addons_listed.json, subscription_addon_added.json,
// subscription_addons_listed.json, summary_basic.json).

// The response envelope: telemetry header, no error on success, and the answer's field.
const envelope = (field: string, value: TSchema) =>
  Type.Object({ header: Type.Object({ map: Type.Object({}) }), error: Type.Null(), [field]: value });

// qms_resource_types.proto ResourceType.
const ResourceType = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  unit: Type.String(),
  consumable: Type.Boolean(),
});

// qms_addons.proto AddonRate, Addon and SubscriptionAddon.
const AddonRate = Type.Object({ uuid: Type.String(), rate: Type.Number(), effective_date: Type.String() });
const Addon = Type.Object({
  uuid: Type.String(),
  name: Type.String(),
  description: Type.String(),
  resource_type: Type.Union([ResourceType, Type.Null()]),
  default_amount: Type.Number(),
  default_paid: Type.Boolean(),
  addon_rates: Type.Array(AddonRate),
});
const SubscriptionAddon = Type.Object({
  uuid: Type.String(),
  addon: Addon,
  subscription_id: Type.String(),
  amount: Type.Number(),
  paid: Type.Boolean(),
  addon_rate: AddonRate,
});

// qms_subscriptions.proto Subscription with its plan (qms_plans.proto), quotas (qms_quotas.proto) and usages
// (qms_usages.proto), as GET /summary/{user} answers it.
const amount = (key: "quota" | "usage") =>
  Type.Object({
    uuid: Type.String(),
    [key]: Type.Number(),
    resource_type: ResourceType,
    subscription_id: Type.String(),
    created_by: Type.String(),
    created_at: Type.String(),
    last_modified_by: Type.String(),
    last_modified_at: Type.String(),
  });
const PlanRate = Type.Object({ uuid: Type.String(), rate: Type.Number(), effective_date: Type.String() });
const Subscription = Type.Object({
  uuid: Type.String(),
  effective_start_date: Type.String(),
  effective_end_date: Type.String(),
  user: Type.Object({ uuid: Type.String(), username: Type.String() }),
  plan: Type.Object({
    uuid: Type.String(),
    name: Type.String(),
    description: Type.String(),
    plan_quota_defaults: Type.Array(
      Type.Object({
        uuid: Type.String(),
        quota_value: Type.Number(),
        resource_type: ResourceType,
        effective_date: Type.String(),
      }),
    ),
    plan_rates: Type.Array(PlanRate),
  }),
  plan_rate: PlanRate,
  quotas: Type.Array(amount("quota")),
  usages: Type.Array(amount("usage")),
  paid: Type.Boolean(),
  addons: Type.Array(SubscriptionAddon),
});

export const AddonAnswer = envelope("addon", Addon);
export const AddonsAnswer = envelope("addons", Type.Array(Addon));
export const SubscriptionAddonAnswer = envelope("subscription_addon", SubscriptionAddon);
export const SubscriptionAddonsAnswer = envelope("subscription_addons", Type.Array(SubscriptionAddon));
export const SummaryAnswer = envelope("subscription", Subscription);
