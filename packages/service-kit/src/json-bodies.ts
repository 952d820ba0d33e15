import type { FastifyInstance } from "fastify";

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body with a JSON content
 * type is no body, as if none had been sent, instead of a 400: clients and scripts send one with bodiless calls
 * (emptying the trash, marking all seen, deleting a session). A route that needs a body still refuses it.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
}
