import type { FastifyInstance } from "fastify";

/**
 * In this (encapsulated) context a request without a body (or with an empty JSON one) has a `null` body, so
 * optional bodies may be left out and required ones fail validation with 400 instead of reaching a handler as
 * `undefined`.
 */
export function jsonBodies(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (request.body === undefined) request.body = null;
  });
}
