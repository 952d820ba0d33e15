import type { FastifyInstance } from "fastify";
import { shortUsername } from "../qms/request-values.js";
import type { QmsStore } from "../qms/store.js";
import { subscriptionView } from "../qms/views.js";
import { answer, envelopeErrors } from "./envelope.js";
import type { AddonStore } from "./store.js";

const withUuid = <T extends { id: string }>({ id, ...rest }: T) => ({ uuid: id, ...rest });

/**
 * `GET /summary/{user}`: the user's subscription in effect (the default plan on first sight) with its quotas,
 * usages and applied add-ons, in the service's own field names (`uuid` for ids). resource-usage-api reads it.
 */
export function summaryRoutes(
  app: FastifyInstance,
  store: () => AddonStore,
  qms: () => QmsStore,
  domain: string,
): void {
  app.get<{ Params: { user: string } }>("/summary/:user", envelopeErrors("subscription"), async (request) => {
    const subscription = qms().activeSubscription(shortUsername(request.params.user, domain));
    const view = subscriptionView(qms(), subscription);
    return answer("subscription", {
      ...withUuid(view),
      user: withUuid(view.user),
      plan: withUuid(view.plan),
      plan_rate: withUuid(view.plan_rate),
      quotas: view.quotas.map(withUuid),
      usages: view.usages.map(withUuid),
      addons: store().appliedTo(subscription.id),
    });
  });
}
