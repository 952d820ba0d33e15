import { answers } from "../framework/answers.js";
import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { UserSummary } from "./answer-schemas.js";
import { cpuUsageOf, readSource, type SubscriptionSummary, type SummaryError, subscriptionOf } from "./summary.js";

export interface ResourceUsageOptions extends SimulatorOptions {
  /** Where the subscriptions service (its `/summary/{user}`) and data-usage-api answer, once they are started. */
  subscriptionsUrl: () => string;
  dataUsageUrl: () => string;
}

const emptyDataUsage = { id: "", user_id: "", username: "", total: 0, time: null, last_modified: null };

/**
 * resource-usage-api's `GET /summary/{username}`: the user's CPU hours (from the subscription's usages, read from
 * the subscriptions service), data store usage (from data-usage-api) and subscription. A source that fails leaves
 * its part empty and is listed in `errors`; the summary itself is always 200.
 */
export function createResourceUsageSimulator({ subscriptionsUrl, dataUsageUrl, ...options }: ResourceUsageOptions) {
  const summary = defineModule<Record<string, never>>({
    makeState: () => ({}),
    routes(app) {
      const handler = async (request: { params: { username: string } }) => {
        const user = encodeURIComponent(request.params.username);
        const [subscriptionAnswer, dataAnswer] = await Promise.all([
          readSource(`${subscriptionsUrl()}/summary/${user}`),
          readSource(`${dataUsageUrl()}/${user}/data/current`),
        ]);
        const errors: SummaryError[] = [];
        let subscription = null;
        let cpuUsage = null;
        if (subscriptionAnswer.ok && subscriptionAnswer.body.subscription) {
          const found = subscriptionAnswer.body.subscription as SubscriptionSummary;
          subscription = subscriptionOf(found);
          cpuUsage = cpuUsageOf(found);
        } else {
          const failure = subscriptionAnswer.ok
            ? { status: 500, message: "no subscription in the answer" }
            : subscriptionAnswer;
          errors.push({ field: "cpu_usage", message: failure.message, error_code: failure.status });
        }
        if (!dataAnswer.ok) {
          errors.push({ field: "data_usage", message: dataAnswer.message, error_code: dataAnswer.status });
        }
        return {
          cpu_usage: cpuUsage,
          data_usage: dataAnswer.ok ? dataAnswer.body : emptyDataUsage,
          subscription,
          errors,
        };
      };
      app.get<{ Params: { username: string } }>("/summary/:username", answers({ 200: UserSummary }), handler);
      app.get<{ Params: { username: string } }>("/summary/:username/", answers({ 200: UserSummary }), handler);
    },
  });
  return moduleSimulator("resource-usage", { summary }, options);
}
export type ResourceUsageSimulator = ReturnType<typeof createResourceUsageSimulator>;
