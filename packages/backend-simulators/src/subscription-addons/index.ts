import { defineModule, moduleSimulator } from "../framework/module.js";
import type { SimulatorOptions } from "../framework/simulator.js";
import type { QmsStore } from "../qms/store.js";
import { addonRoutes } from "./addons.js";
import { AddonStore } from "./store.js";
import { subscriptionAddonRoutes } from "./subscription-addons.js";
import { summaryRoutes } from "./summary.js";

export type { Addon, SubscriptionAddon } from "./store.js";

export interface SubscriptionAddonsOptions extends SimulatorOptions {
  /** QMS's database, whose subscriptions the add-ons are applied to (the real service shares it). */
  qms: () => QmsStore;
}

/** The subscriptions service's add-on API (cyverse-de/subscriptions): add-ons, applied add-ons, user summaries. */
export function createSubscriptionAddonsSimulator({ qms, ...options }: SubscriptionAddonsOptions) {
  const addons = defineModule<AddonStore>({
    makeState: () => new AddonStore(),
    routes(app, state) {
      addonRoutes(app, state, qms);
      subscriptionAddonRoutes(app, state, qms);
      summaryRoutes(app, state, qms);
    },
  });
  return moduleSimulator("subscriptions", { addons }, options);
}
export type SubscriptionAddonsSimulator = ReturnType<typeof createSubscriptionAddonsSimulator>;
