import type { FastifyError, FastifyInstance } from "fastify";

/**
 * An error answer the way the platform's Clojure backends give them: a status and `{error_code, reason}`,
 * plus whatever else the backend names in its body (the offending `path`, for example).
 */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    reason: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(reason);
  }
}

/**
 * A request that does not match the route's schema, refused as compojure-api and clojure-commons refuse it:
 * `reason` is not text but a map of each refused field to what was wrong with it (or, for a body that is not even
 * a map, schema's one-line explanation of that).
 */
export class InvalidRequest extends Problem {
  constructor(readonly fields: Record<string, unknown> | string) {
    super(
      400,
      "ERR_ILLEGAL_ARGUMENT",
      typeof fields === "string" ? fields : `invalid fields: ${Object.keys(fields).join(", ")}`,
    );
  }
}

export const badRequest = (reason: string, code = "ERR_BAD_REQUEST", details?: Record<string, unknown>) =>
  new Problem(400, code, reason, details);
export const missingField = (field: string) =>
  new Problem(400, "ERR_BAD_OR_MISSING_FIELD", `the request field ${field} is required`);
export const forbidden = (reason: string) => new Problem(403, "ERR_FORBIDDEN", reason);
export const notFound = (reason: string, details?: Record<string, unknown>) =>
  new Problem(404, "ERR_NOT_FOUND", reason, details);
export const exists = (reason: string) => new Problem(409, "ERR_EXISTS", reason);

/**
 * Registers routes in a scope of their own whose errors are answered as `{error_code, reason}`
 * (thrown Problems with their status, or the status `statusOf` gives them; body and validation errors as 400),
 * leaving other modules alone.
 */
export async function backendScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
  statusOf: (problem: Problem) => number = (problem) => problem.status,
): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error: FastifyError | Problem, _request, reply) => {
      if (error instanceof Problem) {
        const reason = error instanceof InvalidRequest ? error.fields : error.message;
        return reply.code(statusOf(error)).send({ ...error.details, error_code: error.code, reason });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      const code = status < 500 ? "ERR_BAD_REQUEST" : "ERR_UNCHECKED_EXCEPTION";
      return reply.code(status).send({ error_code: code, reason: error.message });
    });
    register(scope);
  });
}
