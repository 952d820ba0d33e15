import type { FastifyError, FastifyInstance } from "fastify";

/**
 * An error as the aggregator answers it through cyverse-de/go-mod's httperror handler: an echo.HTTPError the
 * handlers make as `{message, error_code: <status>}` with its status, any other error (a backend's, the
 * database's) as `{message}` with 500.
 */
export class AggregatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly httpError: boolean,
  ) {
    super(message);
  }

  body() {
    return { message: this.message, ...(this.httpError ? { error_code: this.status } : {}) };
  }
}

/** echo.NewHTTPError(status, message). */
export const httpError = (status: number, message: string) => new AggregatorError(status, message, true);
/** An error a backend or the database returned. */
export const failure = (message: string) => new AggregatorError(500, message, false);

/** Registers routes in a scope answering errors as the aggregator does, and paths it does not serve as echo's 404. */
export async function aggregatorScope(app: FastifyInstance, register: (scope: FastifyInstance) => void) {
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(httpError(404, "Not Found").body()));
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError | AggregatorError, _request, reply) => {
      const answered = error instanceof AggregatorError ? error : failure(error.message);
      return reply.code(answered.status).send(answered.body());
    });
    register(scope);
  });
}
