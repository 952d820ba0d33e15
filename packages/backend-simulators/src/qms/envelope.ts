import { STATUS_CODES } from "node:http";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/** A refusal as QMS answers it: `{error: "<message>", status: "<HTTP status text>"}` with that status. */
export class QmsError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** QMS's success envelope. */
export const success = (result: unknown) => ({ result, status: STATUS_CODES[200] });

/** Route option: refusals, and bodies Fastify could not parse, answer QMS's error envelope. */
export const qmsErrors = {
  errorHandler(error: FastifyError | QmsError, _request: FastifyRequest, reply: FastifyReply) {
    const status = error.statusCode ?? 500;
    const message =
      error instanceof QmsError
        ? error.message
        : status < 500
          ? `invalid request body: ${error.message}`
          : "the request could not be completed";
    return reply.code(status).send({ error: message, status: STATUS_CODES[status] });
  },
};
