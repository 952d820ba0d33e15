import type { FastifyInstance } from "fastify";

/**
 * JSON bodies in this (encapsulated) context: an empty body, with or without a JSON content type,
 * counts as no body (`null`), so optional bodies may be left out and required ones fail validation
 * with 400 instead of reaching a handler as `undefined`.
 */
export function jsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === "") return done(null, null);
    return parseJson(request, text, done);
  });
  app.addHook("preValidation", async (request) => {
    if (request.body === undefined) request.body = null;
  });
}
