import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.js";

/**
 * How deep a JSON body may nest. Handlers pass bodies on re-encoded, and JSON.stringify runs out of stack some
 * thousands of levels down, long before JSON.parse does; no document of the platform comes near this.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * What makes a parsed body unfit to pass on, if anything: nesting deeper than MAX_JSON_DEPTH, or a string (or key)
 * that is not Unicode text, i.e. holds a lone surrogate (`"\ud800"`), which no backend can be sent as UTF-8 and
 * on which URL encoding throws.
 */
function flawOf(value: unknown, depth: number): string | undefined {
  if (typeof value === "string") return value.isWellFormed() ? undefined : "a string that is not Unicode text";
  if (typeof value !== "object" || value === null) return undefined;
  if (depth >= MAX_JSON_DEPTH) return `nesting deeper than ${MAX_JSON_DEPTH} levels`;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const flaw = flawOf(key, depth) ?? flawOf(item, depth + 1);
    if (flaw) return flaw;
  }
  return undefined;
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that:
 * - an empty body with a JSON content type is no body, as if none had been sent, instead of a 400: clients and
 *   scripts send one with bodiless calls (emptying the trash, marking all seen, deleting a session). A route that
 *   needs a body still refuses it;
 * - a body that could not be passed on (see `flawOf`) is refused with 400, not failed on later as a 500.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === "") return done(null, undefined);
    return parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      const flaw = flawOf(parsed, 0);
      return flaw ? done(badRequest(`the JSON body holds ${flaw}`), undefined) : done(null, parsed);
    });
  });
}
