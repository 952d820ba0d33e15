import type { FastifyError, FastifyInstance } from "fastify";

/**
 * A refusal as a Go service built on the echo framework gives it (the analyses service, app-exposer, the
 * dashboard aggregator). Their error handlers (cmd/analyses/app.go, cmd/app-exposer/app.go `HTTPErrorHandler`)
 * answer `{"message": err.Error()}`: for an `echo.HTTPError` that text is `code=<status>, message=<text>`; a Go error
 * a handler returns as it is (`unwrapped`) is answered 500 with its text alone. No `error_code`.
 */
export class EchoError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly unwrapped = false,
  ) {
    super(message);
  }
}

export const echoBody = (status: number, message: string) => ({ message: `code=${status}, message=${message}` });

/** A Go error a handler returns unwrapped (a database error, `sql.ErrNoRows`): 500 with its bare text. */
export const goError = (message: string) => new EchoError(500, message, true);

export const badRequest = (message: string) => new EchoError(400, message);
export const notFound = (kind: string, id: string) => new EchoError(404, `${kind} not found: ${id}`);

const bodyOf = (error: EchoError) =>
  error.unwrapped ? { message: error.message } : echoBody(error.status, error.message);

/**
 * Answers a scope's errors in echo's shape: thrown EchoErrors with their status, a body that is not JSON (echo's
 * binding) with 400, anything else with 500.
 */
export function answerEchoErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | EchoError, _request, reply) => {
    if (error instanceof EchoError) return reply.code(error.status).send(bodyOf(error));
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? 400 : 500;
    return reply.code(status).send(echoBody(status, error.message));
  });
}

/** Registers routes in a scope whose errors are answered in echo's shape (`answerEchoErrors`). */
export async function echoScope(app: FastifyInstance, register: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    answerEchoErrors(scope);
    register(scope);
  });
}

/** Paths the service does not serve, answered as echo answers them. */
export function answerUnknownPaths(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(echoBody(404, "Not Found")));
}
