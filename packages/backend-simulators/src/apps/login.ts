import { defineModule } from "../framework/module.js";

// biome-ignore lint/complexity/noBannedTypes: no state yet
export type LoginState = {};

/** Apps backend: login records, workspaces and logout (used by bootstrap and logout). */
export const login = defineModule<LoginState>({
  makeState: () => ({}),
  routes() {},
});
