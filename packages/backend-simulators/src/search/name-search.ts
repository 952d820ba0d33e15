import type { FastifyInstance } from "fastify";
import { statOf } from "../file-info/formats.js";
import { IRODS_HOME } from "../file-info/navigation.js";
import { answers } from "../framework/answers.js";
import { NameSearch } from "./answer-schemas.js";
import { type SearchSources, SearchView } from "./sources.js";

const count = (value: unknown, fallback: number | undefined) => {
  if (value === undefined) return fallback;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : Number.NaN;
};

/**
 * `GET /search?user=&q=&limit=&offset=` → `{total, hits: [stat…]}`: what the user can read whose path below the homes'
 * folder contains `q` (any case), by path; the gateway's `GET /secured/filesystem/index` uses it.
 */
export function nameSearchRoutes(app: FastifyInstance, sources: SearchSources) {
  app.get("/search", answers({ 200: NameSearch }), async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const user = query.user;
    if (typeof user !== "string" || !user) {
      return reply.code(400).send({ error_code: "ERR_MISSING_QUERY_PARAMETER", reason: "user is required" });
    }
    if (!sources.users().has(user)) {
      return reply.code(400).send({ error_code: "ERR_NOT_A_USER", reason: `no such user: ${user}`, user });
    }
    const text = typeof query.q === "string" ? query.q.toLowerCase() : "";
    const offset = count(query.offset, 0) as number;
    const limit = count(query.limit, undefined);
    if (!text || Number.isNaN(offset) || Number.isNaN(limit) || limit === 0) {
      return reply.code(400).send({
        error_code: "ERR_BAD_QUERY_PARAMETER",
        reason: "q is required; limit ≥ 1 and offset ≥ 0 are integers",
      });
    }
    const view = new SearchView(sources, user);
    const matches = [...view.entries()]
      .filter((entry) => view.indexed(entry) && view.permissionOf(entry) !== undefined)
      // The zone's own prefix is no part of what is searched: `plan` must not find all of `/iplant`.
      .filter((entry) =>
        entry.path
          .slice(IRODS_HOME.length + 1)
          .toLowerCase()
          .includes(text),
      )
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const page = matches.slice(offset, limit === undefined ? undefined : offset + limit);
    return { total: matches.length, hits: page.map((entry) => statOf(sources.dataStore(), entry, user)) };
  });
}
