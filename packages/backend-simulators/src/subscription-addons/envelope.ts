import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

const CODES: Record<number, string> = { 400: "BAD_REQUEST", 404: "NOT_FOUND", 500: "INTERNAL" };
const GENERIC_FAILURE = "the request could not be completed";

/** A refusal as the subscriptions service answers it (its protobuf `ServiceError` inside the response). */
export class AddonServiceError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorCode = CODES[statusCode] ?? "INTERNAL",
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AddonServiceError(400, message);
export const notFound = (message: string) => new AddonServiceError(404, message);
/** The service's own failure (a database error, mostly): its detail is logged, never answered (errors/errors.go). */
export const internalError = () => new AddonServiceError(500, GENERIC_FAILURE);

/** The response envelope: the answer's field beside `header` and `error` (null on success). */
export const answer = (field: string, value: unknown) => ({ header: { map: {} }, error: null, [field]: value });

/**
 * Route option: refusals answer the envelope with the error filled in and the field null (a failure of its own too,
 * without its details); a body that does not parse answers echo's `{message}`, as the service's handlers do.
 */
export const envelopeErrors = (field: string) => ({
  errorHandler(error: FastifyError | AddonServiceError, _request: FastifyRequest, reply: FastifyReply) {
    const status = error.statusCode ?? 500;
    if (!(error instanceof AddonServiceError) && status < 500) {
      return reply.code(status).send({ message: "invalid body format" });
    }
    const [message, code] =
      error instanceof AddonServiceError ? [error.message, error.errorCode] : [GENERIC_FAILURE, "INTERNAL"];
    return reply.code(status).send({
      header: { map: {} },
      error: { error_code: code, message, status_code: status },
      [field]: null,
    });
  },
});
