import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

const CODES: Record<number, string> = { 400: "BAD_REQUEST", 404: "NOT_FOUND", 500: "INTERNAL" };

/** A refusal as the subscriptions service answers it (its protobuf `ServiceError` inside the response). */
export class AddonServiceError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AddonServiceError(400, message);
export const notFound = (message: string) => new AddonServiceError(404, message);

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
    const message = error instanceof AddonServiceError ? error.message : "the request could not be completed";
    return reply.code(status).send({
      header: { map: {} },
      error: { error_code: CODES[status] ?? "INTERNAL", message, status_code: status },
      [field]: null,
    });
  },
});
