import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";

/**
 * Inside the given (encapsulated) context, request bodies are not parsed but handed on as streams,
 * so passthrough routes forward them byte for byte without buffering.
 *
 * The backend gets a wrapper, not the caller's socket stream: when the backend is unreachable the
 * HTTP client destroys the body it was given, and that must not tear down the caller's connection
 * before the 502 is sent.
 */
export function streamRequestBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => {
    const body = new PassThrough();
    payload.on("error", (error) => body.destroy(error));
    payload.pipe(body);
    done(null, body);
  });
}
