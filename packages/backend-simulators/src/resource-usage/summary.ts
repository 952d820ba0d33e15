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

interface Usage {
  uuid: string;
  usage: number;
  resource_type: { name: string };
  last_modified_at: string;
}

interface SubscriptionSummary {
  uuid: string;
  effective_start_date: string;
  effective_end_date: string;
  user: { uuid: string; username: string };
  plan: { uuid: string; name: string; description: string };
  quotas: unknown[];
  usages: Usage[];
  addons: unknown[];
}

/** The summary's subscription, in resource-usage-api's field names. */
export const subscriptionOf = (summary: SubscriptionSummary) => ({
  id: summary.uuid,
  effective_start_date: summary.effective_start_date,
  effective_end_date: summary.effective_end_date,
  user: { id: summary.user.uuid, username: summary.user.username },
  plan: { id: summary.plan.uuid, name: summary.plan.name, description: summary.plan.description },
  quotas: summary.quotas,
  usages: summary.usages,
  addons: summary.addons,
});

/** CPU hours used in the subscription's period: its `cpu.hours` usage (none recorded: zero). */
export function cpuUsageOf(summary: SubscriptionSummary) {
  const usage = summary.usages.find((candidate) => candidate.resource_type.name === "cpu.hours");
  return {
    id: usage?.uuid ?? "",
    user_id: summary.user.uuid,
    username: summary.user.username,
    total: usage?.usage ?? 0,
    effective_start: summary.effective_start_date,
    effective_end: summary.effective_end_date,
    last_modified: usage?.last_modified_at ?? summary.effective_start_date,
  };
}

export type { SubscriptionSummary };
