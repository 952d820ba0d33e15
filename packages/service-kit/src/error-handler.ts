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

/** Every error leaves the service as `{error_code, reason}` JSON; stack traces only reach the log. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known = toGatewayError(error, request);
    if (known) {
      if (known.statusCode >= 500) request.log.warn({ err: error }, known.message);
      if (known.statusCode === 413) await readRestBeforeAnswer(request.raw);
      return reply.code(known.statusCode).type("application/json").send(known.toBody());
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
