import type { FastifyInstance, FastifyReply } from "fastify";

/** An error as app-exposer's web framework (echo) answers one: the status and `{message}`. */
export class EchoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const echoError = (status: number, message: string) => new EchoError(status, message);

/** Answers thrown EchoErrors, and refused bodies or parameters, the way echo does. */
export function echoErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply: FastifyReply) => {
    if (error instanceof EchoError) return reply.code(error.status).send({ message: error.message });
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    return reply.code(status).send({ message: error.message });
  });
}

/** The `user` query parameter most endpoints require. */
export function requiredUser(query: unknown, status = 400): string {
  const user = (query as Record<string, unknown> | undefined)?.user;
  if (typeof user !== "string" || !user) throw echoError(status, "user query parameter must be set");
  return user;
}
