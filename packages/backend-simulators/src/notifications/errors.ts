import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * A refusal of the system-message routes, with an `error_code` body. The service no longer has them (answer-schemas.ts);
 * the user-message routes answer as cyverse-de/notifications does (service-errors.ts).
 */
export class AgentError extends Error {
  constructor(
    readonly statusCode: number,
    reason: string,
    readonly errorCode: string,
  ) {
    super(reason);
  }
}

export const badRequest = (reason: string) => new AgentError(400, reason, "ERR_BAD_REQUEST");
export const notFound = (reason: string) => new AgentError(404, reason, "ERR_NOT_FOUND");

/**
 * Route option for the system-message routes: refusals, schema violations and unreadable bodies all answer
 * `{error_code, reason}`.
 */
export const agentErrors = {
  errorHandler(error: FastifyError | AgentError, _request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof AgentError) {
      return reply.code(error.statusCode).send({ error_code: error.errorCode, reason: error.message });
    }
    const status = error.statusCode ?? 500;
    const code = status < 500 ? "ERR_BAD_REQUEST" : "ERR_UNCHECKED_EXCEPTION";
    return reply.code(status).send({ error_code: code, reason: error.message });
  },
};
