import { goTimeText } from "../framework/go-time.js";
import { decimalText, ZERO_TIME } from "./go-text.js";

interface ResourceType {
  uuid: string;
  name: string;
  unit: string;
}

interface Amount {
  uuid: string;
  quota?: number;
  usage?: number;
  resource_type: ResourceType;
  last_modified_at: string;
}

interface AppliedAddon {
  uuid: string;
  addon: {
    uuid: string;
    name: string;
    description: string;
    resource_type: ResourceType | null;
    default_amount: number;
    default_paid: boolean;
  };
  amount: number;
  paid: boolean;
  addon_rate: { uuid: string; rate: number; effective_date: string };
}

/** What the subscriptions service's `/summary/{user}` answers, as far as resource-usage-api reads it. */
export interface SubscriptionSummary {
  uuid: string;
  effective_start_date: string;
  effective_end_date: string;
  user: { uuid: string; username: string };
  plan: { uuid: string; name: string; description: string };
  quotas: Amount[];
  usages: Amount[];
  addons: AppliedAddon[];
}

// resource-usage-api clients/subscription.go ResourceType: the unit goes out as `description`.
const resourceTypeOf = (type: ResourceType | null) => ({
  id: type?.uuid ?? "",
  name: type?.name ?? "",
  description: type?.unit ?? "",
});

const amountOf = (key: "quota" | "usage") => (amount: Amount) => ({
  id: amount.uuid,
  [key]: amount[key] ?? 0,
  resource_type: resourceTypeOf(amount.resource_type),
  last_modified_at: goTimeText(amount.last_modified_at),
});

/**
 * The summary's subscription as resource-usage-api copies it (internal/summarizer/httpsummarizer.go into
 * clients/subscription.go Subscription): ids as `id`, the user as `users`, add-ons without their rates' list.
 */
const subscriptionOf = (summary: SubscriptionSummary) => ({
  id: summary.uuid,
  effective_start_date: goTimeText(summary.effective_start_date),
  effective_end_date: goTimeText(summary.effective_end_date),
  users: { id: summary.user.uuid, username: summary.user.username },
  plan: { id: summary.plan.uuid, name: summary.plan.name, description: summary.plan.description },
  quotas: (summary.quotas ?? []).map(amountOf("quota")),
  usages: (summary.usages ?? []).map(amountOf("usage")),
  addons: (summary.addons ?? []).map((applied) => ({
    id: applied.uuid,
    addon: {
      id: applied.addon.uuid,
      name: applied.addon.name,
      description: applied.addon.description,
      resource_type: resourceTypeOf(applied.addon.resource_type),
      default_amount: applied.addon.default_amount,
      default_paid: applied.addon.default_paid,
    },
    amount: applied.amount,
    paid: applied.paid,
    addon_rate: {
      id: applied.addon_rate.uuid,
      effective_date: goTimeText(applied.addon_rate.effective_date),
      rate: applied.addon_rate.rate,
    },
  })),
});

/**
 * CPU hours used in the subscription's period: its `cpu.hours` usage, whose total is an apd decimal (db/db.go
 * CPUHours) written as its text; without one, an empty record of the period whose times are Go's zero time.
 */
function cpuUsageOf(summary: SubscriptionSummary, usage: Amount | undefined) {
  return {
    id: usage?.uuid ?? "",
    user_id: summary.user.uuid,
    username: summary.user.username,
    total: decimalText(usage?.usage ?? 0),
    effective_start: goTimeText(summary.effective_start_date),
    effective_end: goTimeText(summary.effective_end_date),
    last_modified: usage ? goTimeText(usage.last_modified_at) : ZERO_TIME,
  };
}

/** The data store's usage: QMS's `data.size` usage (a whole number of bytes), else an empty record at Go's zero time. */
function dataUsageOf(summary: SubscriptionSummary, usage: Amount | undefined) {
  const when = usage ? goTimeText(usage.last_modified_at) : ZERO_TIME;
  return {
    id: usage?.uuid ?? "",
    user_id: summary.user.uuid,
    username: summary.user.username,
    total: usage?.usage ?? 0,
    time: when,
    last_modified: when,
  };
}

const usageNamed = (summary: SubscriptionSummary, name: string) =>
  (summary.usages ?? []).find((usage) => usage.resource_type?.name === name);

/**
 * The user's summary as HTTPSummarizer builds it from the subscriptions service's answer alone (it never asks
 * data-usage-api), `errors` never filled. A data usage that is no whole number fails apd's Int64, and the service
 * answers null (httpsummarizer.go LoadSummary returns nil).
 */
export function userSummary(summary: SubscriptionSummary) {
  const dataSize = usageNamed(summary, "data.size");
  const bytes = dataSize?.usage ?? 0;
  if (!Number.isInteger(bytes) || Math.abs(bytes) >= 2 ** 63) return null;
  return {
    cpu_usage: cpuUsageOf(summary, usageNamed(summary, "cpu.hours")),
    data_usage: dataUsageOf(summary, dataSize),
    subscription: subscriptionOf(summary),
    errors: null,
  };
}

/** The summary when the subscriptions service cannot be reached or its answer not decoded: every field null. */
export const EMPTY_SUMMARY = { cpu_usage: null, data_usage: null, subscription: null, errors: null };
