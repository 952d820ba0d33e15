import { defineModule } from "../framework/module.js";
import { answerUnrecognizedPaths } from "../framework/unrecognized-paths.js";

/** Paths data-info does not serve: `data-info.util.service/unrecognized-path-response` (routes.clj). */
export const unknownPaths = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app) => answerUnrecognizedPaths(app, { success: false, reason: "unrecognized service path" }),
});
