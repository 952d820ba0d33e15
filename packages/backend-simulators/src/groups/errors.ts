import type { FastifyError, FastifyInstance } from "fastify";
import { prismaticRefusal } from "../framework/schema-refusals.js";

/** An error answer of iplant-groups: its status and the JSON body clojure-commons writes for it. */
export class GrouperError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error_code));
  }
}

// iplant-groups' own refusals (util/service.clj, service/format.clj, service/util.clj), answered by clojure-commons'
// default-error-handler (exception.clj ~50-60): `{error_code, reason}` with the thrown map's other keys; `reason` is
// the map's `:error`, null when it has none.

/** util/service.clj not-found: a group or folder Grouper did not find (or the actor may not see). */
export const notFound = (description: "group" | "folder", id: string) =>
  new GrouperError(404, { error_code: "ERR_NOT_FOUND", reason: null, description, id });

/** service/format.clj not-found: Grouper's SUBJECT_NOT_FOUND for a single subject. */
export const subjectNotFound = (id: string) =>
  new GrouperError(404, { error_code: "ERR_NOT_FOUND", reason: null, grouper_result_code: "SUBJECT_NOT_FOUND", id });

/** util/service.clj forbidden: clients/grouper.clj folder-forbidden-error-handler, Grouper's INSUFFICIENT_PRIVILEGES. */
export const folderForbidden = (id: string) =>
  new GrouperError(403, { error_code: "ERR_FORBIDDEN", reason: null, description: "folder", id });

/** clojure-commons exception-util bad-request (service/util.clj's refusal to change one's own privileges). */
export const badRequest = (reason: string) => new GrouperError(400, { error_code: "ERR_BAD_REQUEST", reason });

/**
 * A request compojure-api's schemas refuse (a missing `user` or `search`, a value outside an enum): exception.clj
 * handle-request-validation-errors, `reason` being the schema error, an object keyed like the request.
 */
export const illegalArgument = (reason: Record<string, unknown>) =>
  new GrouperError(400, { error_code: "ERR_ILLEGAL_ARGUMENT", reason });

/** An answer iplant-groups' own response schema refuses (exception.clj handle-response-validation-errors). */
export const schemaValidation = (reason: Record<string, unknown>) =>
  new GrouperError(500, { error_code: "ERR_SCHEMA_VALIDATION", reason });

/** The query parameter every route requires (common-swagger-api StandardUserQueryParams), when it is missing. */
export const missingQueryParameter = (name: string) => illegalArgument({ [name]: "missing-required-key" });

/** Answers every error of the given (encapsulated) context in the groups backend's JSON form. */
export function installGrouperErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | GrouperError, request, reply) => {
    if (error instanceof GrouperError) return reply.code(error.status).send(error.body);
    if (error.validation) {
      return reply
        .code(400)
        .send({ error_code: "ERR_ILLEGAL_ARGUMENT", reason: prismaticRefusal(error, request).reason });
    }
    // A body that is no JSON at all keeps the status the web framework gave it.
    if (error.statusCode && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error_code: "ERR_ILLEGAL_ARGUMENT", reason: { body: error.message } });
    }
    // exception.clj unchecked-handler: anything else is the service's own failure.
    return reply.code(500).send({ error_code: "ERR_UNCHECKED_EXCEPTION", reason: String(error) });
  });
}
