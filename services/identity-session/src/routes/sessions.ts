import { ErrorBody } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { deleteDocument, readDocument, type UserDocumentSettings, writeDocument } from "../user-documents.js";

const AnyJson = Type.Unknown({ description: "any JSON document" });
const errors = { 400: ErrorBody, 401: ErrorBody, 502: ErrorBody, 504: ErrorBody };

/** Saved front-end session state: any JSON, stored and returned as received. */
export const sessionRoutes: FastifyPluginAsyncTypebox<{ settings: UserDocumentSettings }> = async (
  app,
  { settings },
) => {
  app.get(
    "/secured/sessions",
    { schema: { summary: "The caller's saved session ({} when none)", response: { 200: AnyJson, ...errors } } },
    async (request, reply) => {
      const session = await readDocument(request, settings, "sessions");
      return reply
        .type("application/json")
        .serializer(JSON.stringify)
        .send(session === undefined ? {} : session);
    },
  );
  app.post(
    "/secured/sessions",
    { schema: { summary: "Save the caller's session", body: AnyJson, response: { 200: AnyJson, ...errors } } },
    async (request, reply) => {
      const stored = await writeDocument(request, settings, "sessions", request.body);
      return reply.type("application/json").serializer(JSON.stringify).send(stored);
    },
  );
  app.delete(
    "/secured/sessions",
    {
      schema: {
        summary: "Remove the caller's session (silent when none)",
        response: { 200: Type.Object({}), ...errors },
      },
    },
    async (request) => {
      await deleteDocument(request, settings, "sessions");
      return {};
    },
  );
};
