import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/** CoGe's error bodies name the kind of failure: `{error: {Auth: "Access denied"}}`, `{error: {Error: …}}`. */
type ErrorKind = "Auth" | "Error" | "Invalid";

export class CogeError extends Error {
  constructor(
    readonly statusCode: number,
    readonly kind: ErrorKind,
    reason: string,
  ) {
    super(reason);
  }
}

export const accessDenied = () => new CogeError(401, "Auth", "Access denied");
export const notFound = (what: string) => new CogeError(404, "Error", `${what} not found`);
export const invalid = (reason: string) => new CogeError(400, "Invalid", reason);

/** Route option: refusals and schema violations answer in CoGe's error shape. */
export const cogeErrors = {
  errorHandler(error: FastifyError | CogeError, _request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof CogeError)
      return reply.code(error.statusCode).send({ error: { [error.kind]: error.message } });
    const status = error.statusCode ?? 500;
    return reply.code(status).send({ error: { [status < 500 ? "Invalid" : "Error"]: error.message } });
  },
};
