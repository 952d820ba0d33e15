import type { FastifyError, FastifyInstance } from "fastify";

/**
 * A refusal as the groups backend reports it: an HTTP status, an error code and Grouper's result code
 * (GROUP_NOT_FOUND, INSUFFICIENT_PRIVILEGES, GROUP_ALREADY_EXISTS, …).
 */
export class GrouperError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly resultCode: string,
    reason: string,
  ) {
    super(reason);
  }
}

export const badRequest = (reason: string) => new GrouperError(400, "ERR_BAD_REQUEST", "INVALID_QUERY", reason);

export const groupNotFound = (name: string) =>
  new GrouperError(404, "ERR_NOT_FOUND", "GROUP_NOT_FOUND", `group ${name} not found`);

export const folderNotFound = (name: string) =>
  new GrouperError(404, "ERR_NOT_FOUND", "STEM_NOT_FOUND", `folder ${name} not found`);

export const subjectNotFound = (id: string) =>
  new GrouperError(404, "ERR_NOT_FOUND", "SUBJECT_NOT_FOUND", `subject ${id} not found`);

/**
 * Grouper refuses a change the actor may not make with a 500, which iplant-groups passes on as `ERR_REQUEST_FAILED`
 * with Grouper's result code; only for folders does it answer 403.
 */
export const insufficientPrivileges = (actor: string, what: string) =>
  new GrouperError(500, "ERR_REQUEST_FAILED", "INSUFFICIENT_PRIVILEGES", `${actor} may not ${what}`);

export const folderInsufficientPrivileges = (actor: string, what: string) =>
  new GrouperError(403, "ERR_FORBIDDEN", "INSUFFICIENT_PRIVILEGES", `${actor} may not ${what}`);

/** A name already taken: Grouper's 500, passed on as `ERR_REQUEST_FAILED` with its result code. */
export const alreadyExists = (kind: "group" | "folder", name: string) =>
  new GrouperError(
    500,
    "ERR_REQUEST_FAILED",
    kind === "group" ? "GROUP_ALREADY_EXISTS" : "STEM_ALREADY_EXISTS",
    `${kind} ${name} already exists`,
  );

/** Answers every error of the given (encapsulated) context in the groups backend's JSON form. */
export function installGrouperErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | GrouperError, _request, reply) => {
    if (error instanceof GrouperError) {
      return reply
        .code(error.status)
        .send({ error_code: error.errorCode, reason: error.message, grouper_result_code: error.resultCode });
    }
    const status = error.validation ? 400 : (error.statusCode ?? 500);
    return reply.code(status).send({
      error_code: status < 500 ? "ERR_BAD_REQUEST" : "ERR_UNCHECKED_EXCEPTION",
      reason: error.message,
    });
  });
}
