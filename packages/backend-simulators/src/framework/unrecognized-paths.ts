import type { FastifyInstance } from "fastify";

/**
 * Paths a Clojure backend does not serve (a retired route, a typo, a path its routes' patterns do not match):
 * compojure's `route/not-found` with the service's `unrecognized-path-response`, a JSON text that compojure sends as
 * it sends any string, as HTML.
 */
export function answerUnrecognizedPaths(app: FastifyInstance, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  app.setNotFoundHandler((_request, reply) => reply.code(404).type("text/html; charset=utf-8").send(text));
}
