import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";

/**
 * What a Clojure backend answers as `reason`: text; a map of refused fields (schema errors); or null, where the
 * backend threw a map without `:error` (clojure-commons exception.clj default-error-handler).
 */
export type Reason = string | Record<string, unknown> | null;

/**
 * An error answer the way the platform's Clojure backends give them: a status and `{error_code, reason}`,
 * plus whatever else the backend names in its body (the offending `path`, for example).
 */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly reason: Reason,
    readonly details: Record<string, unknown> = {},
  ) {
    super(typeof reason === "string" ? reason : code);
  }
}

/**
 * Another service's failure, answered as that service answered it (its status and body): what a Clojure backend does
 * with a failed call of its clj-http client (clojure-commons exception.clj `unchecked-handler`).
 */
export class RelayedAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`relayed ${status}`);
  }
}

/**
 * A request that does not match the route's schema, refused as compojure-api and clojure-commons refuse it:
 * `reason` is not text but a map of each refused field to what was wrong with it (or, for a body that is not even
 * a map, schema's one-line explanation of that).
 */
export class InvalidRequest extends Problem {
  constructor(fields: Record<string, unknown> | string) {
    super(400, "ERR_ILLEGAL_ARGUMENT", fields);
  }
}

export const badRequest = (reason: string, code = "ERR_BAD_REQUEST", details?: Record<string, unknown>) =>
  new Problem(400, code, reason, details);
export const missingField = (field: string) =>
  new Problem(400, "ERR_BAD_OR_MISSING_FIELD", `the request field ${field} is required`);
export const forbidden = (reason: string) => new Problem(403, "ERR_FORBIDDEN", reason);
export const notFound = (reason: Reason, details?: Record<string, unknown>) =>
  new Problem(404, "ERR_NOT_FOUND", reason, details);
/** Something already there, as clojure-commons answers it (`item-exists-handler`: 400, `ERR_EXISTS`). */
export const exists = (reason: string, details?: Record<string, unknown>) =>
  new Problem(400, "ERR_EXISTS", reason, details);

/** How a scope refuses a request its route schemas do not accept. */
export type SchemaRefusal = (error: FastifyError, request: FastifyRequest) => Problem;

const plainRefusal: SchemaRefusal = (error) => badRequest(error.message);

export interface ScopeOptions {
  /** The status a thrown Problem is answered with; its own by default. */
  statusOf?: (problem: Problem) => number;
  /** How requests the route schemas refuse are answered; 400 `ERR_BAD_REQUEST` with the validator's words by default. */
  refuse?: SchemaRefusal;
}

/**
 * Registers routes in a scope of their own whose errors are answered as `{error_code, reason}`
 * (thrown Problems and schema refusals as `options` says; other body errors as 400), leaving other modules alone.
 */
export async function backendScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
  { statusOf = (problem) => problem.status, refuse = plainRefusal }: ScopeOptions = {},
): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((thrown: FastifyError | Problem | RelayedAnswer, request, reply) => {
      if (thrown instanceof RelayedAnswer) return reply.code(thrown.status).send(thrown.body);
      const error = !(thrown instanceof Problem) && thrown.validation ? refuse(thrown, request) : thrown;
      if (error instanceof Problem) {
        return reply.code(statusOf(error)).send({ ...error.details, error_code: error.code, reason: error.reason });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      const code = status < 500 ? "ERR_BAD_REQUEST" : "ERR_UNCHECKED_EXCEPTION";
      return reply.code(status).send({ error_code: code, reason: error.message });
    });
    register(scope);
  });
}
