import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors.js";

/**
 * How deep a JSON body may nest. Handlers pass bodies on re-encoded, and JSON.stringify runs out of stack some
 * thousands of levels down. The platform's deepest documents stay far below it: a metadata template's AVUs nested
 * in AVUs take two levels each, an app launch (sonora's submission: `config` of step parameters, `requirements`)
 * about five.
 */
export const MAX_JSON_DEPTH = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests deeper than MAX_JSON_DEPTH, found in one pass over its characters before it is parsed:
 * parsing a megabyte of brackets holds the event loop for over a hundred milliseconds, while this pass stops at
 * the first bracket too deep, and costs a body within the depth a few milliseconds per megabyte. Brackets in
 * strings are text; the text need not be valid JSON (the parser judges that afterwards).
 */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Whether a parsed body holds a string (or key) that is not Unicode text, i.e. a lone surrogate (`"\ud800"`),
 * which no backend can be sent as UTF-8 and on which URL encoding throws.
 */
function holdsBrokenText(value: unknown): boolean {
  if (typeof value === "string") return !value.isWellFormed();
  if (typeof value !== "object" || value === null) return false;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (holdsBrokenText(key) || holdsBrokenText(item)) return true;
  }
  return false;
}

/**
 * Whether JSON text may escape a surrogate (`\uD800`–`\uDFFF`). A lone surrogate can reach a parsed body only that
 * way: the body's bytes are decoded as UTF-8, which never yields one (a surrogate encoded in bytes becomes U+FFFD).
 * Bodies without such an escape, nearly all, are not walked.
 */
const SURROGATE_ESCAPE = /\\u[dD][89abcdefABCDEF]/;

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that:
 * - an empty body with a JSON content type is no body, as if none had been sent, instead of a 400: clients and
 *   scripts send one with bodiless calls (emptying the trash, marking all seen, deleting a session). A route that
 *   needs a body still refuses it;
 * - a body nesting deeper than MAX_JSON_DEPTH is refused with 400 before it is parsed;
 * - a body holding text that is not Unicode is refused with 400, not failed on later as a 500.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === "") return done(null, undefined);
    if (nestsTooDeep(text)) {
      return done(badRequest(`the JSON body holds nesting deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    }
    return parseJson(request, text, (error, parsed) => {
      if (error) return done(error, undefined);
      if (SURROGATE_ESCAPE.test(text) && holdsBrokenText(parsed)) {
        return done(badRequest("the JSON body holds a string that is not Unicode text"), undefined);
      }
      return done(null, parsed);
    });
  });
}
