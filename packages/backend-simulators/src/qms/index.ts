import { DEMO_USER_DOMAIN } from "../demo-users.js";
import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import { seededQmsStore } from "./demo-subscriptions.js";
import { planRoutes } from "./plans.js";
import type { QmsStore } from "./store.js";
import { subscriptionRoutes } from "./subscriptions.js";
import { usageRoutes } from "./usages.js";
import { userRoutes } from "./users.js";

export { QmsStore, type SubscriptionRecord } from "./store.js";

const store = defineModule<QmsStore>({
  makeState: () => seededQmsStore(),
  routes(app, state) {
    planRoutes(app, state);
    userRoutes(app, state, DEMO_USER_DOMAIN);
    usageRoutes(app, state, DEMO_USER_DOMAIN);
    subscriptionRoutes(app, state, DEMO_USER_DOMAIN);
  },
});

/** QMS's /v1 API (cyverse-de/subscriptions): plans, resource types, subscriptions with quotas and usages. */
export function createQmsSimulator(options: SimulatorOptions = {}) {
  return moduleSimulator("qms", { store }, options);
}
export type QmsSimulator = ReturnType<typeof createQmsSimulator>;
