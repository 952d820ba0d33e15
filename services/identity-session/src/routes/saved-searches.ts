import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { deleteDocument, readDocument, type UserDocumentSettings, writeDocument } from "../user-documents.js";

const AnyJson = Type.Unknown({ description: "any JSON document" });
const errors = { 400: ErrorBody, 401: ErrorBody, 502: ErrorBody, 504: ErrorBody };

/** The caller's saved searches: any JSON, stored as received. */
export const savedSearchRoutes: FastifyPluginAsyncTypebox<{ settings: UserDocumentSettings }> = async (
  app,
  { settings },
) => {
  app.get(
    "/secured/saved-searches",
    {
      schema: {
        summary: "The caller's saved searches ({} when none are stored)",
        response: { 200: AnyJson, ...errors },
      },
    },
    async (request, reply) => {
      const stored = await readDocument(request, settings, "searches");
      const searches = stored === undefined ? {} : stored;
      return reply.type("application/json").serializer(JSON.stringify).send(searches);
    },
  );
  app.post(
    "/secured/saved-searches",
    {
      schema: {
        summary: "Store the caller's saved searches, replacing what was stored",
        body: AnyJson,
        response: { 200: Type.Object({ saved_searches: AnyJson }), ...errors },
      },
    },
    async (request, reply) => {
      const stored = await writeDocument(request, settings, "searches", request.body);
      return reply.type("application/json").serializer(JSON.stringify).send({ saved_searches: stored });
    },
  );
  app.delete(
    "/secured/saved-searches",
    {
      schema: {
        summary: "Remove the caller's saved searches (silent when none)",
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      await deleteDocument(request, settings, "searches");
      return {};
    },
  );
};
