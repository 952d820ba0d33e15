import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { errorCodeForStatus, GatewayError } from "./errors.js";
import { readRestBeforeAnswer } from "./unread-bodies.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The error code of a request that fails the route's schema, when not ERR_BAD_REQUEST (backends' own conventions). */
    validationErrorCode?: string;
  }
}

function toGatewayError(error: FastifyError, request: FastifyRequest): GatewayError | undefined {
  if (error instanceof GatewayError) return error;
  if (error.validation) {
    const where = error.validationContext ?? "request";
    return new GatewayError(400, `${where}: ${error.message}`, request.routeOptions.config.validationErrorCode);
  }
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return new GatewayError(413, "request body is larger than the service accepts");
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new GatewayError(status, error.message);
  return undefined;
}

/** An answer about a backend's failure: it names the backend's status or carries its answer. */
const isBackendFailure = (body: Record<string, unknown>) => "backend_response" in body || "backend_status" in body;

/**
 * Every error leaves the service as `{error_code, reason}` JSON; stack traces only reach the log. A backend's
 * failure also names the request id to quote, and never carries the backend's answer (`backend_response`), which
 * is logged instead.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = toGatewayError(error, request);
    if (known) {
      if (known.statusCode === 413) await readRestBeforeAnswer(request.raw);
      const body = known.toBody();
      if (known.statusCode >= 500) request.log.warn({ err: error }, known.message);
      if (known.statusCode < 500 || !isBackendFailure(body)) {
        return reply.code(known.statusCode).type("application/json").send(body);
      }
      // What a failing backend answered (a host name, a stack trace) is for the log, never for the client.
      const { backend_response: backendResponse, ...answered } = body;
      request.log.warn({ backendResponse }, "the failing backend's answer, withheld from the client");
      return reply
        .code(known.statusCode)
        .type("application/json")
        .send({ ...answered, request_id: request.id });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply
      .code(500)
      .type("application/json")
      .send({
        error_code: errorCodeForStatus(500),
        reason: "an unexpected error occurred; quote the request id when reporting it",
        request_id: request.id,
      });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type("application/json")
      .send({
        error_code: "ERR_NOT_FOUND",
        reason: `no endpoint ${request.method} ${request.url.split("?")[0]}`,
      }),
  );
}
