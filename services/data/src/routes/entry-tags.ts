import { path, streamRequestBodies } from "@de-gateway/backend-clients";
import { notFound } from "@de-gateway/service-kit";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { dataType, readableEntry } from "../data-items.js";
import { BackendAnswer, commonErrors, UuidText } from "../schemas.js";

const EntryParams = Type.Object({ entryId: UuidText });

/**
 * The caller's tags on one file or folder. The entry must exist and be readable (404 otherwise) before the
 * metadata backend is asked; bodies and answers pass through unchanged.
 */
export const entryTags: FastifyPluginAsync = async (app) => {
  const { fileInfo, metadata } = app.backends;
  streamRequestBodies(app);

  async function readable(request: FastifyRequest) {
    const { entryId } = request.params as { entryId: string };
    const entry = await readableEntry(fileInfo, request, entryId);
    if (!entry) throw notFound(`file or folder ${entryId} not found`);
    return { entryId, entry };
  }

  app.get(
    "/secured/filesystem/entry/:entryId/tags",
    {
      schema: {
        summary: "The caller's tags on a file or folder",
        tags: ["tags"],
        params: EntryParams,
        response: { 200: BackendAnswer("{tags: [tag]}"), ...commonErrors },
      },
    },
    async (request, reply) => {
      const { entryId } = await readable(request);
      return metadata.forward(request, reply, { path: path`/filesystem/data/${entryId}/tags` });
    },
  );

  app.patch(
    "/secured/filesystem/entry/:entryId/tags",
    {
      schema: {
        summary: "Attach or detach tags (query type=attach|detach, body {tags: [tag ids]})",
        tags: ["tags"],
        params: EntryParams,
        body: BackendAnswer("passed to the metadata backend"),
        response: { 200: BackendAnswer("the tags with their targets"), ...commonErrors },
      },
    },
    async (request, reply) => {
      const { entryId, entry } = await readable(request);
      return metadata.forward(request, reply, {
        path: path`/filesystem/data/${entryId}/tags`,
        query: { "data-type": dataType(entry) },
      });
    },
  );
};
