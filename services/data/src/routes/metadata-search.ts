import { badRequest, notAuthorized, withSpan } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { AvuListAnswer } from "../backend-answers.js";
import { statsByIds } from "../data-items.js";
import { commonErrors, UuidText } from "../schemas.js";

/** The most files and folders one search looks at: what the file-info backend takes in one request. */
const PAGE = 1000;
const DATA_TARGET_TYPES = ["folder", "file"];

const Criteria = Type.Object(
  {
    attribute: Type.Optional(Type.Array(Type.String(), { description: "attributes, any of which matches exactly" })),
    value: Type.Optional(Type.Array(Type.String(), { description: "values, any of which matches exactly" })),
    unit: Type.Optional(Type.Array(Type.String(), { description: "units, any of which matches exactly" })),
    "target-id": Type.Optional(Type.Array(UuidText, { description: "ids of the files and folders to look at" })),
  },
  { additionalProperties: false },
);
type Criteria = Static<typeof Criteria>;

const AvuList = Type.Object(
  {
    avus: Type.Array(
      Type.Object(
        { id: Type.String(), attr: Type.String(), value: Type.String(), unit: Type.String(), target_id: Type.String() },
        { additionalProperties: true, description: "{id, attr, value, unit, target_id, created_by, …, avus}" },
      ),
    ),
  },
  { additionalProperties: true },
);

interface FoundAvu {
  id: string;
  attr: string;
  value: string;
  unit: string;
  target_id: string;
  [field: string]: unknown;
}

/**
 * File and folder AVUs of the metadata backend matching the criteria, of files and folders the caller may read
 * only (the backend answers for any target), found so that what the caller cannot read does not show in the
 * answer nor in the backend calls made:
 * - a search naming its files and folders (`target-id`, as the web client's listings do) asks the file-info
 *   backend first which of them the caller may read, and the metadata backend about those only: nothing about
 *   the others reaches a backend;
 * - a search by attribute, value or unit alone makes the same two calls whatever it matches: the metadata search,
 *   then one file-info request, even when nothing matched, about at most PAGE files and folders (more: 400).
 *   The metadata backend's time and that request's size still grow with every match, readable or not, so
 *   visitors, who may read the community data only, must name their files and folders (401 otherwise: with a
 *   token the same search is answered).
 * At least one criterion is needed: the metadata backend takes none, or an empty list, as every AVU it holds.
 */
export const metadataSearch: FastifyPluginAsyncTypebox = async (app) => {
  const { metadata, fileInfo } = app.backends;
  /** The ids the caller may read, asked of the file-info backend: the permission filter, a span when traced. */
  const readableOf = (request: FastifyRequest, ids: readonly string[]) =>
    withSpan(request, "permission filter", { "gateway.entries": ids.length }, (traced) =>
      statsByIds(fileInfo, traced, ids, { readableOnly: true }),
    );

  const search = async (
    request: FastifyRequest,
    criteria: Criteria,
    ask: (named: Criteria) => Promise<{ avus: FoundAvu[] }>,
  ): Promise<{ avus: FoundAvu[] }> => {
    const named: Criteria = Object.fromEntries(Object.entries(criteria).filter(([, values]) => values.length > 0));
    if (Object.keys(named).length === 0) {
      throw badRequest(
        "a metadata search names at least one attribute, value, unit or target-id",
        "ERR_BAD_OR_MISSING_FIELD",
      );
    }
    const targets = named["target-id"];
    if (targets) {
      const ids = [...new Set(targets.map((id) => id.toLowerCase()))];
      const readable = [...(await readableOf(request, ids)).keys()];
      return readable.length === 0 ? { avus: [] } : ask({ ...named, "target-id": readable });
    }
    if (request.user.kind === "anonymous") {
      throw notAuthorized("a metadata search without signing in names the files and folders it looks at (target-id)");
    }
    const found = await ask(named);
    const ids = [...new Set(found.avus.map((avu) => avu.target_id.toLowerCase()))];
    if (ids.length > PAGE) {
      throw badRequest(
        `the criteria match the metadata of more than ${PAGE} files and folders: name them (target-id) or narrow the criteria`,
        "ERR_BAD_REQUEST",
        { limit: PAGE },
      );
    }
    const readable = await readableOf(request, ids);
    return { avus: found.avus.filter((avu) => readable.has(avu.target_id.toLowerCase())) };
  };

  app.post(
    "/secured/filesystem/metadata/search",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Metadata AVUs of readable files and folders with the given attributes, values, units or targets",
        tags: ["file-metadata"],
        body: Criteria,
        response: { 200: AvuList, ...commonErrors },
      },
    },
    async (request) =>
      search(request, request.body, (named) =>
        metadata.json<{ avus: FoundAvu[] }>(
          request,
          { method: "POST", path: "/avus/search", json: { ...named, "target-type": DATA_TARGET_TYPES } },
          AvuListAnswer,
        ),
      ),
  );

  app.get(
    "/secured/filesystem/metadata",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Metadata AVUs of readable files and folders matching the query (each parameter repeatable)",
        tags: ["file-metadata"],
        querystring: Criteria,
        response: { 200: AvuList, ...commonErrors },
      },
    },
    async (request) =>
      search(request, request.query, (named) =>
        metadata.json<{ avus: FoundAvu[] }>(
          request,
          { path: "/avus", query: { ...named, "target-type": DATA_TARGET_TYPES } },
          AvuListAnswer,
        ),
      ),
  );
};
