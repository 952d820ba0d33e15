import { defineModule } from "../framework/module.js";
import { answerUnrecognizedPaths } from "../framework/unrecognized-paths.js";

/** Paths the apps service does not serve: `apps.util.service/unrecognized-path-response` (routes.clj). */
export const unknownPaths = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app) => answerUnrecognizedPaths(app, { reason: "unrecognized service path" }),
});
