import type { FastifyInstance } from "fastify";
import { badField } from "./errors.js";

/**
 * JSON bodies as data-info reads them: an empty body is no body (clients send the JSON content type
 * on DELETEs and on restores of the whole trash), anything unparsable is a 400, `__proto__` keys are dropped.
 */
export function lenientJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, text, done) => {
    if (typeof text !== "string" || text.trim() === "") return done(null, undefined);
    try {
      done(
        null,
        JSON.parse(text, (key, value) => (key === "__proto__" ? undefined : value)),
      );
    } catch {
      done(badField("the body is not valid JSON"), undefined);
    }
  });
}
