import type { FastifyError, FastifyInstance } from "fastify";

/**
 * A refusal as the analyses service gives it: the service is written in Go with the echo framework, whose errors
 * are answered as `{"message": "code=<status>, message=<text>"}` (no `error_code`).
 */
export class EchoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const echoBody = (status: number, message: string) => ({ message: `code=${status}, message=${message}` });

export const badRequest = (message: string) => new EchoError(400, message);
export const notFound = (kind: string, id: string) => new EchoError(404, `${kind} not found: ${id}`);

/**
 * Registers routes in a scope whose errors are answered in echo's shape: thrown EchoErrors with their status, a
 * body that is not JSON (echo's binding) with 400, anything else with 500.
 */
export async function echoScope(app: FastifyInstance, register: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError | EchoError, _request, reply) => {
      if (error instanceof EchoError) return reply.code(error.status).send(echoBody(error.status, error.message));
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? 400 : 500;
      return reply.code(status).send(echoBody(status, error.message));
    });
    register(scope);
  });
}

/** Paths the service does not serve, answered as echo answers them. */
export function answerUnknownPaths(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(echoBody(404, "Not Found")));
}
