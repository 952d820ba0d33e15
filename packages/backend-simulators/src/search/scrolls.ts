import { randomBytes } from "node:crypto";
import { QueryError } from "./clause-args.js";

/** What Elasticsearch keeps for a scroll: the hits of its query as they were when it began, and how far it got. */
interface Scroll {
  hits: readonly unknown[];
  size: number;
  position: number;
  expires: number;
}

export type ScrollStore = Map<string, Scroll>;

const TIME_UNITS: Readonly<Record<string, number>> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** Elasticsearch's time value (`1m`, `30s`), in milliseconds; anything else it refuses. */
function keepAlive(scroll: unknown): number {
  const parts = typeof scroll === "string" ? /^(\d+)(d|h|m|s|ms)$/.exec(scroll.trim()) : null;
  const unit = parts?.[2] === undefined ? undefined : TIME_UNITS[parts[2]];
  if (!parts || unit === undefined) {
    throw new QueryError(
      `elastic: Error 400 (Bad Request): failed to parse setting [scroll] with value [${String(scroll)}] as a time ` +
        "value: unit is missing or unrecognized [type=illegal_argument_exception]",
    );
  }
  return Number(parts[1]) * unit;
}

/**
 * One page of a scroll, as the service answers it (data/data.go outputSearchResults). olivere/elastic's
 * ScrollService returns io.EOF for a page without hits (scroll.go first/next), which the service answers 400
 * `{error: "EOF"}`: the first page of a query that matched nothing, and every page after the last.
 */
function pageOf(id: string, scroll: Scroll) {
  const hits = scroll.hits.slice(scroll.position, scroll.position + scroll.size);
  scroll.position += hits.length;
  if (hits.length === 0) throw new QueryError("EOF");
  return { total: { value: scroll.hits.length, relation: "eq" }, hits, scroll_id: id };
}

/** Begins a scroll over all of a query's hits (`from` is not read: the ScrollService sends none). */
export function beginScroll(store: ScrollStore, hits: readonly unknown[], size: number, scroll: unknown) {
  const id = randomBytes(24).toString("base64url");
  // olivere/elastic sends the scroll's size only when it is positive (scroll.go); otherwise Elasticsearch's 10.
  const entry = { hits, size: size > 0 ? size : 10, position: 0, expires: Date.now() + keepAlive(scroll) };
  store.set(id, entry);
  return pageOf(id, entry);
}

/** The next page of a scroll; every page keeps it alive for the time given again. */
export function continueScroll(store: ScrollStore, id: string, scroll: unknown) {
  const entry = store.get(id);
  if (!entry || entry.expires < Date.now()) {
    store.delete(id);
    throw new QueryError(
      `elastic: Error 404 (Not Found): No search context found for id [${id}] [type=search_context_missing_exception]`,
    );
  }
  entry.expires = Date.now() + keepAlive(scroll);
  return pageOf(id, entry);
}
