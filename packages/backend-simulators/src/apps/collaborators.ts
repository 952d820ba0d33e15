import { defineModule } from "../framework/module.js";

// biome-ignore lint/complexity/noBannedTypes: no state yet
export type CollaboratorsState = {};

/** Apps backend: collaborators of a user. */
export const collaborators = defineModule<CollaboratorsState>({
  makeState: () => ({}),
  routes() {},
});
