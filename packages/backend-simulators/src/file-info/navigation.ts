import { defineModule } from "../framework/module.js";

// biome-ignore lint/complexity/noBannedTypes: no state yet
export type NavigationState = {};

/** File-info backend: base paths of a user's home and trash (used by bootstrap). */
export const navigation = defineModule<NavigationState>({
  makeState: () => ({}),
  routes() {},
});
