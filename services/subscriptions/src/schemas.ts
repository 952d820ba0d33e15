import { ERROR_ANSWERS } from "@de-gateway/service-kit";
import { type TSchema, Type } from "typebox";

/** The backends' objects are documented by the fields the web client reads; any others pass through too. */
const open = <P extends Record<string, TSchema>>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) });
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

export const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
export const Uuid = (description: string) => Type.String({ pattern: UUID_PATTERN, description });

export const ResourceType = open({
  id: optional(Type.String()),
  uuid: optional(Type.String()),
  name: optional(Type.String({ description: "e.g. cpu.hours, data.size" })),
  unit: optional(Type.String()),
  consumable: optional(Type.Boolean()),
});

const Rate = open({
  id: optional(Type.String()),
  rate: optional(Type.Number()),
  effective_date: optional(Type.String()),
});

export const Plan = open({
  id: optional(Type.String()),
  name: optional(Type.String()),
  description: optional(Type.String()),
  plan_quota_defaults: optional(
    Type.Array(
      open({
        id: optional(Type.String()),
        quota_value: optional(Type.Number()),
        resource_type: optional(ResourceType),
        effective_date: optional(Type.String()),
      }),
    ),
  ),
  plan_rates: optional(Type.Array(Rate)),
});

const Quota = open({
  id: optional(Type.String()),
  quota: optional(Type.Number()),
  resource_type: optional(ResourceType),
});
const Usage = open({
  id: optional(Type.String()),
  usage: optional(Type.Number()),
  resource_type: optional(ResourceType),
});

export const Subscription = open({
  id: optional(Type.String()),
  effective_start_date: optional(Type.String()),
  effective_end_date: optional(Type.String()),
  user: optional(open({ id: optional(Type.String()), username: optional(Type.String()) })),
  plan: optional(Plan),
  plan_rate: optional(Rate),
  quotas: optional(Type.Union([Type.Array(Quota), Type.Null()])),
  usages: optional(Type.Union([Type.Array(Usage), Type.Null()])),
  paid: optional(Type.Boolean()),
});

export const SubscriptionResult = open({
  ...Subscription.properties,
  failure_reason: optional(Type.String({ description: "why the subscription was not created" })),
  new_subscription: optional(Type.Boolean()),
});

/** QMS's response envelope around `result`. */
export const Envelope = <T extends TSchema>(result: T) =>
  Type.Object({ result: optional(result), error: optional(Type.String()), status: Type.String() });

export const SubscriptionListing = open({ subscriptions: Type.Array(Subscription), total: Type.Integer() });

export const AddonRate = open({
  uuid: optional(Type.String()),
  rate: optional(Type.Number()),
  effective_date: optional(Type.String()),
});

export const Addon = open({
  uuid: optional(Type.String()),
  name: optional(Type.String()),
  description: optional(Type.String()),
  default_amount: optional(Type.Number()),
  default_paid: optional(Type.Boolean()),
  resource_type: optional(ResourceType),
  addon_rates: optional(Type.Array(AddonRate)),
});

export const SubscriptionAddon = open({
  uuid: optional(Type.String()),
  addon: optional(Addon),
  subscription_id: optional(Type.String()),
  amount: optional(Type.Number()),
  paid: optional(Type.Boolean()),
  addon_rate: optional(AddonRate),
});

export const DataUsage = open({
  id: optional(Type.String()),
  user_id: optional(Type.String()),
  username: optional(Type.String()),
  total: optional(Type.Number({ description: "bytes" })),
  time: optional(Type.Union([Type.String(), Type.Null()])),
  last_modified: optional(Type.Union([Type.String(), Type.Null()])),
});

export const ResourceSummary = open({
  cpu_usage: Type.Union([
    open({
      id: optional(Type.String()),
      username: optional(Type.String()),
      total: optional(
        Type.Union([Type.String(), Type.Number()], {
          description: "CPU hours used in the subscription's period: resource-usage-api writes its decimal as text",
        }),
      ),
      effective_start: optional(Type.String()),
      effective_end: optional(Type.String()),
    }),
    Type.Null(),
  ]),
  data_usage: Type.Union([DataUsage, Type.Null()]),
  subscription: Type.Union([open({}), Type.Null()]),
  errors: Type.Array(open({ field: Type.String(), message: Type.String(), error_code: Type.Integer() }), {
    description: "a source of the summary that failed; resource-usage-api with QMS lists none",
  }),
});

export const UsernameParams = Type.Object({ username: Type.String({ minLength: 1, description: "a short username" }) });

/** Every route of the service can fail these ways; user routes add 401/403 through the auth plugin's schema. */
export const failures = ERROR_ANSWERS;
