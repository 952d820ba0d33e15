import type { FastifyInstance } from "fastify";

/**
 * Inside the given (encapsulated) context, request bodies are not parsed but handed on as streams,
 * so passthrough routes forward them byte for byte without buffering.
 */
export function streamRequestBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
}
