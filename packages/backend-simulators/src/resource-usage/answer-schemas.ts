import { Type } from "typebox";

// The answer of cyverse-de/resource-usage-api's GET /summary/{username}: internal/summarizer/main.go UserSummary,
// or null where the HTTP summarizer gives up halfway (internal/summarizer/httpsummarizer.go).

// clients/subscription.go ResourceType (its unit is sent as `description`).
const ResourceType = Type.Object({ id: Type.String(), name: Type.String(), description: Type.String() });
const amount = (key: "quota" | "usage") =>
  Type.Object({
    id: Type.String(),
    [key]: Type.Number(),
    resource_type: ResourceType,
    last_modified_at: Type.Union([Type.String(), Type.Null()]),
  });

const Summary = Type.Object({
  // db/db.go CPUHours: `total` is an apd.Decimal, which encoding/json writes as its text.
  cpu_usage: Type.Union([
    Type.Object({
      id: Type.String(),
      user_id: Type.String(),
      username: Type.String(),
      total: Type.String(),
      effective_start: Type.String(),
      effective_end: Type.String(),
      last_modified: Type.String(),
    }),
    Type.Null(),
  ]),
  // clients/data_usage_api.go UserDataUsage: the HTTP summarizer always sets both times.
  data_usage: Type.Union([
    Type.Object({
      id: Type.String(),
      user_id: Type.String(),
      username: Type.String(),
      total: Type.Integer(),
      time: Type.String(),
      last_modified: Type.String(),
    }),
    Type.Null(),
  ]),
  // clients/subscription.go Subscription, Plan, User, Quota, Usage, SubscriptionAddon, Addon and AddonRate.
  subscription: Type.Union([
    Type.Object({
      id: Type.String(),
      effective_start_date: Type.String(),
      effective_end_date: Type.String(),
      users: Type.Object({ id: Type.String(), username: Type.String() }),
      plan: Type.Object({ id: Type.String(), name: Type.String(), description: Type.String() }),
      quotas: Type.Union([Type.Array(amount("quota")), Type.Null()]),
      usages: Type.Union([Type.Array(amount("usage")), Type.Null()]),
      addons: Type.Union([
        Type.Array(
          Type.Object({
            id: Type.String(),
            addon: Type.Object({
              id: Type.String(),
              name: Type.String(),
              description: Type.String(),
              resource_type: ResourceType,
              default_amount: Type.Number(),
              default_paid: Type.Boolean(),
            }),
            amount: Type.Number(),
            paid: Type.Boolean(),
            addon_rate: Type.Object({ id: Type.String(), effective_date: Type.String(), rate: Type.Number() }),
          }),
        ),
        Type.Null(),
      ]),
    }),
    Type.Null(),
  ]),
  // internal/summarizer/main.go APIError: the HTTP summarizer never adds one, so the list stays nil.
  errors: Type.Null(),
});

export const UserSummary = Type.Union([Summary, Type.Null()]);
