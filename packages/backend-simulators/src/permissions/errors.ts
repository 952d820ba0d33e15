import type { FastifyError, FastifyInstance } from "fastify";

/**
 * A request go-swagger's parameter binding refuses, before any handler runs: go-openapi/errors ServeError answers the
 * first validation error as `{code, message}`, with HTTP 422 for its codes above 600 (v0.21: RequiredFailCode 602,
 * EnumFailCode 606, each with its message template).
 */
export class SwaggerValidation extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const requiredFail = (name: string, place: string) =>
  new SwaggerValidation(602, `${name} in ${place} is required`);

export const enumFail = (name: string, place: string, values: readonly string[]) =>
  new SwaggerValidation(606, `${name} in ${place} should be one of [${values.join(" ")}]`);

/** A refusal of the service's handlers: the status with models/error_out.go ErrorOut, `{reason}`. */
export class PermissionsRefusal extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** Answers the errors of the given (encapsulated) context as the permissions service does. */
export function installPermissionsErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | SwaggerValidation | PermissionsRefusal, _request, reply) => {
    if (error instanceof SwaggerValidation) return reply.code(422).send({ code: error.code, message: error.message });
    if (error instanceof PermissionsRefusal) return reply.code(error.status).send({ reason: error.message });
    // A body that is no JSON: go-openapi's JSON consumer fails the binding (a 400 with its message).
    if (error.statusCode && error.statusCode < 500) {
      return reply.code(400).send({ code: 400, message: error.message });
    }
    return reply.code(500).send({ reason: error.message });
  });
}
