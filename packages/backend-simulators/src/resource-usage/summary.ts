/** One source of the summary that could not be read, as resource-usage-api lists it in `errors`. */
export interface SummaryError {
  field: string;
  message: string;
  error_code: number;
}

/** What a source answered: its JSON on a 2xx, or the problem. */
export type SourceAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; status: number; message: string };

const SOURCE_TIMEOUT_MS = 5_000;

/** GETs one source; a refusal, a failure or no answer in time is a problem to list, never a failed summary. */
export async function readSource(url: string): Promise<SourceAnswer> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(SOURCE_TIMEOUT_MS) });
    if (!response.ok) return { ok: false, status: response.status, message: `${url} returned ${response.status}` };
    const body = (await response.json()) as unknown;
    if (typeof body !== "object" || body === null) {
      return { ok: false, status: 500, message: `unable to parse the response from ${url}` };
    }
    return { ok: true, body: body as Record<string, unknown> };
  } catch (error) {
    return { ok: false, status: 500, message: `unable to send the request to ${url}: ${(error as Error).message}` };
  }
}

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
interface SubscriptionSummary {
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
  last_modified_at: amount.last_modified_at,
});

/**
 * The summary's subscription as resource-usage-api copies it (internal/summarizer/httpsummarizer.go into
 * clients/subscription.go Subscription): ids as `id`, the user as `users`, add-ons without their rates' list.
 */
export const subscriptionOf = (summary: SubscriptionSummary) => ({
  id: summary.uuid,
  effective_start_date: summary.effective_start_date,
  effective_end_date: summary.effective_end_date,
  users: { id: summary.user.uuid, username: summary.user.username },
  plan: { id: summary.plan.uuid, name: summary.plan.name, description: summary.plan.description },
  quotas: summary.quotas.map(amountOf("quota")),
  usages: summary.usages.map(amountOf("usage")),
  addons: summary.addons.map((applied) => ({
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
      effective_date: applied.addon_rate.effective_date,
      rate: applied.addon_rate.rate,
    },
  })),
});

/**
 * CPU hours used in the subscription's period: its `cpu.hours` usage (none recorded: zero). The total is an apd
 * decimal in resource-usage-api (db/db.go CPUHours), which encoding/json writes as its text: a JSON string.
 */
export function cpuUsageOf(summary: SubscriptionSummary) {
  const usage = summary.usages.find((candidate) => candidate.resource_type.name === "cpu.hours");
  return {
    id: usage?.uuid ?? "",
    user_id: summary.user.uuid,
    username: summary.user.username,
    total: String(usage?.usage ?? 0),
    effective_start: summary.effective_start_date,
    effective_end: summary.effective_end_date,
    last_modified: usage?.last_modified_at ?? summary.effective_start_date,
  };
}

export type { SubscriptionSummary };
