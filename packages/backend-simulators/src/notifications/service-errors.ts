import type { FastifyError, FastifyInstance } from "fastify";

/**
 * A refusal as cyverse-de/notifications writes it: a status and model/main.go's ErrorResponse, `{message}`
 * (no `error_code`).
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ServiceError(400, message);

/** model/main.go InvalidRequestBody: what the handlers answer when binding or validating a body fails. */
export const invalidRequestBody = (detail: string) => badRequest(`invalid request body: ${detail}`);

/** A body Fastify could not read, answered as the handlers answer `ctx.Bind` failing: 400 with echo's HTTPError text. */
const unreadableBody = (error: FastifyError) =>
  error.statusCode && error.statusCode < 500
    ? invalidRequestBody(`code=${error.statusCode}, message=${error.message}`)
    : undefined;

/**
 * Registers the service's own routes in a scope whose errors are answered as the service answers them: thrown
 * ServiceErrors with their status, unreadable bodies with 400, anything else as echo answers an error a handler
 * returns.
 */
export async function serviceScope(app: FastifyInstance, register: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError | ServiceError, _request, reply) => {
      const refusal = error instanceof ServiceError ? error : unreadableBody(error);
      if (!refusal) return reply.code(500).send({ message: "Internal Server Error" });
      return reply.code(refusal.status).send({ message: refusal.message });
    });
    register(scope);
  });
}

/** Paths the service does not serve: echo's own answer. */
export function answerUnknownPaths(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: "Not Found" }));
}
