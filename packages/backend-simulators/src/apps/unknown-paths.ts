import type { FastifyInstance } from "fastify";
import { defineModule } from "../framework/module.js";

/**
 * Paths the apps service does not serve (a retired route, a typo): compojure's `route/not-found` with
 * `apps.util.service/unrecognized-path-response` (routes.clj), a JSON text sent as compojure renders a string, as HTML.
 */
function answerUnknownPaths(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(404)
      .type("text/html; charset=utf-8")
      .send(JSON.stringify({ reason: "unrecognized service path" })),
  );
}

export const unknownPaths = defineModule<Record<string, never>>({
  makeState: () => ({}),
  routes: (app) => answerUnknownPaths(app),
});
