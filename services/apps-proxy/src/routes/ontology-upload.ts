import type { Readable } from "node:stream";
import { backendAnswerOf, PassedOnAnswer, streamRequestBodies } from "@de-gateway/backend-clients";
import { badRequest, ERROR_ANSWERS } from "@de-gateway/service-kit";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";

/** OWL API's exception for a document it cannot read: the metadata service answers it 500, its text as `reason`. */
const UNPARSABLE = /^org\.semanticweb\.owlapi\.io\.UnparsableOntologyException\b/;

function unreadableDocument(error: unknown): boolean {
  const answer = backendAnswerOf(error);
  return answer?.status === 500 && typeof answer.body.reason === "string" && UNPARSABLE.test(answer.body.reason);
}

/**
 * Uploading an ontology document (administrators): the multipart form goes to the metadata backend as it comes. The
 * backend parses the document with OWL API and fails (500) on one it cannot read (services/ontology.clj
 * save-ontology-xml): that is the administrator's document, answered 400; any other failure is the backend's, 502.
 */
export const ontologyUpload: FastifyPluginAsyncTypebox = async (app) => {
  const { metadata } = app.backends;
  await app.register(async (scope) => {
    streamRequestBodies(scope);
    scope.post(
      "/admin/ontologies",
      {
        config: { auth: "admin" },
        schema: {
          summary: "Upload an ontology document",
          description: "A multipart form whose `ontology-xml` part is the document (as the metadata backend takes it).",
          tags: ["ontologies"],
          response: { "2xx": PassedOnAnswer, ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const answer = await metadata.stream(request, {
          method: "POST",
          path: "/admin/ontologies",
          headers: { "content-type": request.headers["content-type"] ?? "application/octet-stream" },
          body: request.body as Readable,
        });
        try {
          return metadata.expectOk(await metadata.read(request, answer));
        } catch (error) {
          if (!unreadableDocument(error)) throw error;
          throw badRequest("the document is no ontology OWL API can read", "ERR_BAD_OR_MISSING_FIELD", {
            field: "ontology-xml",
          });
        }
      },
    );
  });
};
