import { type TSchema, Type } from "typebox";

// The answers of QMS's /v1 API (cyverse-de/subscriptions internal/qmsapi): Go structs in internal/qmsapi/model,
// where `omitempty` fields are optional; the service's golden answers (apitest/testdata/*.json) show them sent.

// model/root.go Response: success answers carry `result` and the status text, never `error`.
const envelope = (result: TSchema) => Type.Object({ result, status: Type.Literal("OK") });

// model/resource.go ResourceType.
const ResourceType = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  unit: Type.Optional(Type.String()),
  consumable: Type.Boolean(),
});

// model/user.go User.
const User = Type.Object({ id: Type.Optional(Type.String()), username: Type.Optional(Type.String()) });

// model/plan.go PlanRate, PlanQuotaDefault and Plan (time.Time and struct fields are always sent).
const PlanRate = Type.Object({ id: Type.Optional(Type.String()), effective_date: Type.String(), rate: Type.Number() });
const Plan = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  plan_quota_defaults: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.Optional(Type.String()),
        quota_value: Type.Optional(Type.Number()),
        resource_type: ResourceType,
        effective_date: Type.String(),
      }),
    ),
  ),
  plan_rates: Type.Optional(Type.Array(PlanRate)),
});

// model/quota.go Quota and model/usage.go Usage.
const amount = (key: "quota" | "usage") =>
  Type.Object({
    id: Type.Optional(Type.String()),
    [key]: Type.Number(),
    resource_type: ResourceType,
    last_modified_at: Type.Optional(Type.String()),
  });
const Usages = Type.Union([Type.Array(amount("usage")), Type.Null()]);

// model/plan.go Subscription: quotas and usages are sent even when nil.
const subscription = {
  id: Type.Optional(Type.String()),
  effective_start_date: Type.Optional(Type.String()),
  effective_end_date: Type.Optional(Type.String()),
  user: Type.Optional(User),
  plan: Type.Optional(Plan),
  quotas: Type.Union([Type.Array(amount("quota")), Type.Null()]),
  usages: Usages,
  paid: Type.Boolean(),
  plan_rate: Type.Optional(PlanRate),
};
const Subscription = Type.Object(subscription);

// model/subscriptions.go SubscriptionResponse (Subscription embedded) and SubscriptionListing.
const SubscriptionResponse = Type.Object({
  ...subscription,
  failure_reason: Type.Optional(Type.String()),
  new_subscription: Type.Boolean(),
});
const SubscriptionListing = Type.Object({ subscriptions: Type.Array(Subscription), total: Type.Integer() });

// model/update.go Update: the resource type is sent as `resource_types`, the operation not at all.
const Update = Type.Object({
  id: Type.String(),
  value_type: Type.String(),
  value: Type.Number(),
  effective_date: Type.String(),
  resource_types: ResourceType,
  user: User,
  metadata: Type.Union([Type.String(), Type.Null()]),
});

// controllers/plans.go, resource_types.go, users.go, subscriptions.go and usages.go: what each route's result is.
export const PlansAnswer = envelope(Type.Array(Plan));
export const PlanAnswer = envelope(Plan);
export const ResourceTypesAnswer = envelope(Type.Array(ResourceType));
export const SubscriptionAnswer = envelope(Subscription);
export const SubscriptionResponseAnswer = envelope(SubscriptionResponse);
export const SubscriptionResponsesAnswer = envelope(Type.Array(SubscriptionResponse));
export const SubscriptionListingAnswer = envelope(SubscriptionListing);
export const UsagesAnswer = envelope(Usages);
export const UpdatesAnswer = envelope(Type.Array(Update));
export const MessageAnswer = envelope(Type.String());
