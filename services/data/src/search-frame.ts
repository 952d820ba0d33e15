import { backendAnswerOf } from "@de-gateway/backend-clients";
import { GatewayError } from "@de-gateway/service-kit";

/** Elasticsearch's result window: from + size may not go past it. */
export const MAX_RESULT_WINDOW = 10_000;

const BOOLEAN_PARTS = ["all", "any", "none"];

const badQuery = (reason: string) => new GatewayError(400, reason, "ERR_BAD_QUERY");

interface SearchBody {
  query?: Record<string, unknown>;
  scroll?: string;
  scroll_id?: string;
  size?: number;
  from?: number;
}

/**
 * What the gateway checks of a search before sending it. The search service appends its permission clause to the
 * top-level query's `all` and panics, dropping the connection, when the query has none of `all`, `any`, `none`
 * (cyverse-de/search data/data.go; querydsl.go GenericClause); the other checks are the service's own, made here
 * so that the caller hears them in the gateway's words.
 */
export function checkSearchFrame(body: SearchBody) {
  if (body.scroll_id !== undefined) {
    if (body.query !== undefined) throw badQuery("a search names a query or a scroll_id, not both");
    if (body.scroll === undefined) throw badQuery("a scroll_id needs its scroll (how long to keep it, e.g. 1m)");
    return;
  }
  if (body.query === undefined) throw badQuery("a search needs a query (or the scroll_id of a scroll)");
  if (!BOOLEAN_PARTS.some((part) => part in (body.query ?? {}))) {
    throw badQuery("the query must be a boolean query: {all?, any?, none?: [clause]} with at least one of them");
  }
  if ((body.from ?? 0) + (body.size ?? 10) > MAX_RESULT_WINDOW) {
    throw badQuery(`from + size may be at most ${MAX_RESULT_WINDOW}`);
  }
}

/**
 * A scroll page without hits: olivere/elastic's ScrollService calls it io.EOF and the service answers 400
 * `{error: "EOF"}` (scroll.go first/next), for a query that matched nothing as for a scroll read to its end. Either
 * is no mistake of the caller's: no hits, with the total known only for the first page.
 */
export function scrollEnd(error: unknown, body: SearchBody) {
  const answer = backendAnswerOf(error);
  if (answer?.status !== 400 || answer.body.error !== "EOF") return;
  return { total: { value: 0, relation: body.scroll_id === undefined ? "eq" : "gte" } };
}
