import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { answers } from "../framework/answers.js";
import { isJsonObject } from "../framework/json-object.js";
import { Documentation, SearchHits } from "./answer-schemas.js";
import { QueryError } from "./clause-args.js";
import { searchDocumentation } from "./documentation.js";
import { hitOf } from "./hits.js";
import { compileTopQuery, panicsAtTop } from "./query.js";
import { beginScroll, continueScroll, type ScrollStore } from "./scrolls.js";
import { entryOrder, firstInOrder, sortKeys } from "./sorting.js";
import { type SearchSources, SearchView } from "./sources.js";

const DEFAULT_SIZE = 10;
/** Elasticsearch's `index.max_result_window`: from + size may not go past it. */
const MAX_RESULT_WINDOW = 10_000;

/** `size` and `from` are read only when they are numbers, as the service reads them; other values leave the default. */
const integerOr = (value: unknown, fallback: number) => (typeof value === "number" ? Math.trunc(value) : fallback);

const refuse = (reply: FastifyReply, status: number, error: string) => reply.code(status).send({ error });

/** The service's checks of the body's keys, before it reads the query (data/data.go GetSearchHandler). */
function checkKeys(body: Record<string, unknown>) {
  const hasQuery = "query" in body;
  const hasScrollId = "scroll_id" in body;
  if (!hasQuery && !hasScrollId)
    throw new QueryError("Provided body did not contain a 'query' key nor a 'scroll_id' key");
  if (hasQuery && hasScrollId) throw new QueryError("Provided body contained both a 'query' key and a 'scroll_id' key");
  if (hasScrollId && !("scroll" in body)) {
    throw new QueryError("Provided body has a 'scroll_id' but no 'scroll' (scroll timeout)");
  }
}

function windowOf(body: Record<string, unknown>) {
  const size = integerOr(body.size, DEFAULT_SIZE);
  const from = "scroll" in body ? 0 : integerOr(body.from, 0);
  if (size < 0) throw new QueryError(`size ${size} is negative`);
  if (from < 0) throw new QueryError(`from ${from} is negative`);
  if (from + size > MAX_RESULT_WINDOW) {
    throw new QueryError(`from + size may be at most ${MAX_RESULT_WINDOW} (it is ${from + size})`);
  }
  return { size, from };
}

function continuation(body: Record<string, unknown>, scrolls: ScrollStore) {
  if (typeof body.scroll_id !== "string")
    throw new QueryError("The scroll ID provided could not be converted to a string");
  if (typeof body.scroll !== "string")
    throw new QueryError("The scroll timeout provided could not be converted to a string");
  return continueScroll(scrolls, body.scroll_id, body.scroll);
}

function search(body: Record<string, unknown>, view: SearchView, scrolls: ScrollStore) {
  const { size, from } = windowOf(body);
  const keys = sortKeys(body.sort);
  const matches = compileTopQuery(body.query, view);
  const found = [];
  for (const entry of view.entries()) {
    if (view.indexed(entry) && matches(entry) && view.permissionOf(entry) !== undefined) found.push(entry);
  }
  if ("scroll" in body) {
    if (typeof body.scroll !== "string")
      throw new QueryError("The scroll timeout provided could not be converted to a string");
    const all = firstInOrder(found, found.length, entryOrder(keys)).map((entry) => hitOf(entry, view, keys));
    return beginScroll(scrolls, all, size, body.scroll);
  }
  const page = firstInOrder(found, from + size, entryOrder(keys)).slice(from);
  // Elasticsearch's null max score and an empty hit list are left out, as the service's encoding omits them.
  const hits = page.map((entry) => hitOf(entry, view, keys));
  return { total: { value: found.length, relation: "eq" }, ...(hits.length ? { hits } : {}) };
}

/**
 * The search service's data search: `POST /data/search?user=` with `{query, size?, from?, sort?}` →
 * Elasticsearch's hits `{total: {value, relation}, hits?: [{_id, _source, fields: {permission}, sort}]}`,
 * only entries the user may read; `GET /data/documentation` → the clause types and sort fields.
 */
export function dataSearchRoutes(app: FastifyInstance, sources: SearchSources, scrolls: () => ScrollStore) {
  app.get("/data/documentation", answers({ 200: Documentation }), async () => searchDocumentation());

  app.post("/data/search", answers({ 200: SearchHits }), async (request: FastifyRequest, reply) => {
    if (!/^application\/json/i.test(String(request.headers["content-type"] ?? ""))) {
      return refuse(reply, 415, "the body must be JSON (Content-Type: application/json)");
    }
    const user = (request.query as Record<string, unknown>).user;
    if (typeof user !== "string" || user === "") {
      return refuse(reply, 400, "The 'user' query parameter must be provided and non-empty");
    }
    if (!sources.users().has(user)) return refuse(reply, 400, `${user} is not a user of the data store`);
    if (!isJsonObject(request.body)) return refuse(reply, 400, "the body must be a JSON object");
    const body = request.body;
    try {
      checkKeys(body);
      sortKeys(body.sort);
      if ("scroll_id" in body) return continuation(body, scrolls());
      if (panicsAtTop(body.query)) {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      return search(body, new SearchView(sources, user), scrolls());
    } catch (error) {
      if (error instanceof QueryError) return refuse(reply, 400, error.message);
      throw error;
    }
  });
}
