import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { AvuListAnswer } from "../backend-answers.js";
import { statsByIds } from "../data-items.js";
import { commonErrors, UuidText } from "../schemas.js";

/** The most ids the file-info backend takes in one request. */
const IDS_PER_REQUEST = 1000;
const DATA_TARGET_TYPES = ["folder", "file"];

const Criteria = {
  attribute: Type.Optional(Type.Array(Type.String(), { description: "attributes, any of which matches exactly" })),
  value: Type.Optional(Type.Array(Type.String(), { description: "values, any of which matches exactly" })),
  unit: Type.Optional(Type.Array(Type.String(), { description: "units, any of which matches exactly" })),
  "target-id": Type.Optional(Type.Array(UuidText, { description: "ids of the files and folders to look at" })),
};

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
 * only: the backend answers for any target, so the file-info backend is asked which of them the caller can read.
 */
export const metadataSearch: FastifyPluginAsyncTypebox = async (app) => {
  const { metadata, fileInfo } = app.backends;

  const readableOnly = async (request: FastifyRequest, avus: FoundAvu[]): Promise<FoundAvu[]> => {
    const ids = [...new Set(avus.map((avu) => avu.target_id.toLowerCase()))];
    const readable = new Set<string>();
    for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
      const chunk = ids.slice(start, start + IDS_PER_REQUEST);
      for (const id of (await statsByIds(fileInfo, request, chunk, { readableOnly: true })).keys()) readable.add(id);
    }
    return avus.filter((avu) => readable.has(avu.target_id.toLowerCase()));
  };

  app.post(
    "/secured/filesystem/metadata/search",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Metadata AVUs of readable files and folders with the given attributes, values, units or targets",
        tags: ["file-metadata"],
        body: Type.Object(Criteria, { additionalProperties: false }),
        response: { 200: AvuList, ...commonErrors },
      },
    },
    async (request) => {
      const found = await metadata.json<{ avus: FoundAvu[] }>(
        request,
        { method: "POST", path: "/avus/search", json: { ...request.body, "target-type": DATA_TARGET_TYPES } },
        AvuListAnswer,
      );
      return { avus: await readableOnly(request, found.avus) };
    },
  );

  app.get(
    "/secured/filesystem/metadata",
    {
      config: { validationErrorCode: "ERR_BAD_OR_MISSING_FIELD" },
      schema: {
        summary: "Metadata AVUs of readable files and folders matching the query (each parameter repeatable)",
        tags: ["file-metadata"],
        querystring: Type.Object(Criteria, { additionalProperties: false }),
        response: { 200: AvuList, ...commonErrors },
      },
    },
    async (request) => {
      const found = await metadata.json<{ avus: FoundAvu[] }>(
        request,
        { path: "/avus", query: { ...request.query, "target-type": DATA_TARGET_TYPES } },
        AvuListAnswer,
      );
      return { avus: await readableOnly(request, found.avus) };
    },
  );
};
