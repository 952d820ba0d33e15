import type { FastifyInstance } from "fastify";

/** Inside this context request bodies are read and dropped unparsed: the routes take none, whatever is sent. */
export function ignoreRequestBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => {
    payload.on("error", (error) => done(error, undefined));
    payload.on("end", () => done(null, undefined));
    payload.resume();
  });
}
