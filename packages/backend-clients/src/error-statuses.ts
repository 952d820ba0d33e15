import { isJsonObject } from "@de-gateway/service-kit";

/**
 * For a backend that answers some of the caller's mistakes with 500: the status each such code means, by the
 * answer's `error_code`, or Grouper's `grouper_result_code` that the groups backend adds.
 */
export type ErrorStatuses = Readonly<Record<string, number>>;

/**
 * data-info answers its refusals through clojure-commons, which gives a status to a handful of codes and 500 to
 * every other: a missing path, a name already taken, a folder the caller may not write. Those are the caller's
 * doing, not a failing backend, so each gets the status it means (the file-info simulator's).
 */
export const DATA_INFO_ERROR_STATUSES: ErrorStatuses = {
  ERR_DOES_NOT_EXIST: 404,
  ERR_TICKET_DOES_NOT_EXIST: 404,
  // clojure-commons answers it with 401: a refused home folder or `ipc` attribute, not the caller's sign-in.
  ERR_NOT_AUTHORIZED: 403,
  ERR_NOT_READABLE: 403,
  ERR_NOT_WRITEABLE: 403,
  ERR_EXISTS: 409,
  ERR_TICKET_EXISTS: 409,
  ERR_NOT_A_FOLDER: 400,
  ERR_NOT_A_FILE: 400,
  ERR_IS_A_FOLDER: 400,
  ERR_IS_A_FILE: 400,
  ERR_NOT_A_USER: 400,
  ERR_BAD_PATH: 400,
  ERR_BAD_PATH_LENGTH: 400,
  ERR_BAD_DIRNAME_LENGTH: 400,
  ERR_BAD_BASENAME_LENGTH: 400,
  ERR_TOO_MANY_RESULTS: 400,
  ERR_INVALID_COPY: 400,
  ERR_INVALID_URL: 400,
  ERR_MISSING_FORM_FIELD: 400,
  ERR_PAGE_NOT_POS: 400,
  ERR_CHUNK_TOO_SMALL: 400,
  ERR_INVALID_PAGE: 400,
};

/**
 * iplant-groups answers every refusal of Grouper's with 500 and the result code of Grouper's whole request
 * (clients/grouper.clj build-error-object): a batch's PROBLEM_SAVING_GROUPS and the like say nothing of why, but a
 * single lookup's codes do. Grouper's own 404 comes as `ERR_NOT_FOUND` (GROUP_NOT_FOUND, SUBJECT_NOT_FOUND, …), a
 * privilege listing the actor may not make as INSUFFICIENT_PRIVILEGES.
 */
export const GROUPS_ERROR_STATUSES: ErrorStatuses = {
  ERR_NOT_FOUND: 404,
  INSUFFICIENT_PRIVILEGES: 403,
};

/**
 * The metadata service answers an unknown template or attribute (and every other clojure-commons assert-found)
 * with 500: assert-found throws `{error_code: ERR_NOT_FOUND}` without a `:type`, which clojure-commons' unchecked
 * handler answers 500 (metadata services/templates.clj; clojure-commons assertions.clj, exception.clj).
 */
export const METADATA_ERROR_STATUSES: ErrorStatuses = { ERR_NOT_FOUND: 404 };

const codesOf = (body: unknown): unknown[] => (isJsonObject(body) ? [body.error_code, body.grouper_result_code] : []);

/**
 * Whether an answer's status may not be what it means: a 5xx, or a 401, which from a backend never concerns the
 * caller's sign-in (the gateway has verified that) and must not reach a client that would ask them to sign in again.
 */
export const mayMeanOtherwise = (status: number): boolean => status >= 500 || status === 401;

/** The status an answer means: a 5xx or 401 carrying one of `statuses`' codes gets that code's status. */
export function meantStatus(status: number, body: unknown, statuses: ErrorStatuses | undefined): number {
  if (!statuses || !mayMeanOtherwise(status)) return status;
  for (const code of codesOf(body)) {
    if (typeof code === "string" && statuses[code] !== undefined) return statuses[code];
  }
  return status;
}
