import { backendAnswerOf } from "@de-gateway/backend-clients";
import { forbidden, GatewayError } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { SearchAnswer, SearchDocumentation } from "../backend-answers.js";
import type { Config } from "../config.js";
import { commonErrors } from "../schemas.js";
import { checkSearchFrame, MAX_RESULT_WINDOW, scrollEnd } from "../search-frame.js";

/** The fields the search service sorts by. */
const SORT_FIELDS = ["id", "label", "path", "creator", "dateCreated", "dateModified", "fileSize"];

const SearchRequest = Type.Object(
  {
    query: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          "a boolean query {all?, any?, none?: [clause or query]} (at least one of them; {all: []} is everything), " +
          "a clause being {type, args}; the clause types are in " +
          "GET /secured/filesystem/search-documentation (label, path, owner, permissions, created, modified, size, " +
          "tag, metadata)",
      }),
    ),
    scroll: Type.Optional(
      Type.String({ description: "keep the results for scrolling this long (e.g. 1m); `from` is then not read" }),
    ),
    scroll_id: Type.Optional(
      Type.String({ description: "the next page of a scroll, in place of a query (with its scroll)" }),
    ),
    size: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RESULT_WINDOW, description: "hits in the page (10)" })),
    from: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RESULT_WINDOW, description: "hits to skip (0)" })),
    sort: Type.Optional(
      Type.Array(
        Type.Object(
          {
            field: Type.Union(SORT_FIELDS.map((field) => Type.Literal(field))),
            order: Type.Union([Type.Literal("ascending"), Type.Literal("descending")]),
          },
          { additionalProperties: false },
        ),
        { description: "sort keys, the first one first; without any, by path" },
      ),
    ),
  },
  { additionalProperties: false },
);

const Hit = Type.Object(
  {
    _id: Type.String(),
    _source: Type.Record(Type.String(), Type.Unknown(), {
      description: "{id, path, label, doc_type: file|folder, creator, dateCreated, dateModified, fileSize, …}",
    }),
    fields: Type.Object({
      permission: Type.Array(Type.Union([Type.String(), Type.Null()]), {
        description: "the caller's effective permission: read, write or own",
      }),
    }),
  },
  { additionalProperties: true },
);

const SearchResults = Type.Object(
  {
    total: Type.Object({ value: Type.Integer(), relation: Type.String() }),
    hits: Type.Optional(
      Type.Array(Hit, { description: "left out when nothing matched, as the search service answers" }),
    ),
    scroll_id: Type.Optional(Type.String({ description: "a scroll's: send it for the next page" })),
  },
  { additionalProperties: true },
);

/**
 * A query the search service refused, as the error model words it: the service answers `{error}`, the reason of the
 * refusal, which becomes the `reason`.
 */
function refusal(error: unknown): unknown {
  const answer = backendAnswerOf(error);
  const reason = answer?.body.error;
  if (!answer || answer.status >= 500 || typeof reason !== "string") return error;
  return new GatewayError(answer.status, `the query was refused: ${reason}`, "ERR_BAD_QUERY");
}

/**
 * Data search in the platform's query language, through the search service: only what the caller may read, each
 * hit with the caller's permission on it; and the language's documentation.
 */
export const dataSearch: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const { search } = app.backends;
  // As the reference answers where its search is switched off.
  if (!config.DATA_SEARCH_ENABLED) {
    app.addHook("onRequest", async () => {
      throw forbidden("Data search is not enabled in this deployment", "ERR_SEARCH_DISABLED");
    });
  }

  app.post(
    "/secured/filesystem/search",
    {
      config: { validationErrorCode: "ERR_BAD_QUERY" },
      schema: {
        summary: "Search files and folders the caller may read with the platform's query language",
        tags: ["filesystem"],
        body: SearchRequest,
        response: { 200: SearchResults, ...commonErrors },
      },
    },
    async (request) => {
      checkSearchFrame(request.body);
      try {
        return await search.json(request, { method: "POST", path: "/data/search", json: request.body }, SearchAnswer);
      } catch (error) {
        const end = scrollEnd(error, request.body);
        if (end) return end;
        throw refusal(error);
      }
    },
  );

  app.get(
    "/secured/filesystem/search-documentation",
    {
      schema: {
        summary: "The query language's clause types, their arguments, and the sort fields",
        tags: ["filesystem"],
        response: { 200: SearchDocumentation, ...commonErrors },
      },
    },
    async (request) => search.json(request, { path: "/data/documentation", anonymous: true }, SearchDocumentation),
  );
};
