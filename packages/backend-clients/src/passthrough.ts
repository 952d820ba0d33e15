import { CountedBytes, GatewayError } from "@de-gateway/service-kit";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";

/** How a passthrough documents its body: a JSON document the backend takes as it is. */
export const PassedOnBody = Type.Unknown({ description: "JSON document passed to the backend unchanged" });
/** How a passthrough documents its answer: whatever the backend said. */
export const PassedOnAnswer = Type.Unknown({
  description: "the backend's answer, passed on unchanged (status, body, type)",
});

export const tooLarge = () => new GatewayError(413, "request body is larger than the service accepts");

/**
 * Inside the given (encapsulated) context, request bodies are not parsed but handed on as streams,
 * so passthrough routes forward them byte for byte without buffering, within the route's body limit.
 *
 * The backend gets a wrapper, not the caller's socket stream: when the backend is unreachable the
 * HTTP client destroys the body it was given, and that must not tear down the caller's connection
 * before the 502 is sent.
 */
export function streamRequestBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit;
    if (Number(request.headers["content-length"] ?? 0) > limit) {
      done(tooLarge(), undefined);
      return;
    }
    const body = new CountedBytes({ most: { bytes: limit, error: tooLarge } });
    payload.on("error", (error) => body.destroy(error));
    payload.pipe(body);
    done(null, body);
  });
}
