import { defineModule } from "../framework/module.js";

// biome-ignore lint/complexity/noBannedTypes: no state yet
export type OauthState = {};

/** Apps backend: OAuth authorization state and tokens (access-code callback). */
export const oauth = defineModule<OauthState>({
  makeState: () => ({}),
  routes() {},
});
