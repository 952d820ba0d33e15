import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { SearchHits } from "../backend-answers.js";
import type { Config } from "../config.js";
import { favoriteIds, isFavorite } from "../favorite-flags.js";
import { commonErrors } from "../schemas.js";

const Hit = Type.Record(Type.String(), Type.Unknown());

/** Search by name and path over everything the caller can read, through the platform's search service. */
export const search: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { search: searchService, metadata } = app.backends;
  app.get(
    "/secured/filesystem/index",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Files and folders the caller can read whose name or path contains the search text",
        tags: ["filesystem"],
        querystring: Type.Object({
          "search-term": Type.String({
            minLength: 1,
            description: "text the name or path must contain (any case), e.g. notes or analyses/run",
          }),
          limit: Type.Integer({ minimum: 1, maximum: 1000, default: 50, description: "most hits in the page" }),
          offset: Type.Integer({ minimum: 0, default: 0, description: "hits to skip" }),
        }),
        response: {
          200: Type.Object({ total: Type.Integer(), hits: Type.Array(Hit) }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const found = await searchService.json<{ total: number; hits: Array<Record<string, unknown>> }>(
        request,
        { path: "/search", query: { q: request.query["search-term"], limit, offset } },
        SearchHits,
      );
      const favorites = await favoriteIds(
        metadata,
        request,
        found.hits.map((hit) => String(hit.id)),
        config.FAVORITES_TIMEOUT_MS,
      );
      return {
        total: found.total,
        hits: found.hits.map((hit) => ({ ...hit, isFavorite: isFavorite(favorites, hit.id) })),
      };
    },
  );
};
