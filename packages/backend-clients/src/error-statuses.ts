import { isJsonObject } from "@de-gateway/service-kit";

/** For a backend that answers some of the caller's mistakes with 500: the status each such error code means. */
export type ErrorStatuses = Readonly<Record<string, number>>;

/**
 * data-info answers its refusals through clojure-commons, which gives a status to a handful of codes and 500 to
 * every other: a missing path, a name already taken, a folder the caller may not write. Those are the caller's
 * doing, not a failing backend, so each gets the status it means (the file-info simulator's).
 */
export const DATA_INFO_ERROR_STATUSES: ErrorStatuses = {
  ERR_DOES_NOT_EXIST: 404,
  ERR_TICKET_DOES_NOT_EXIST: 404,
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

/** The status an answer means: a 5xx carrying one of `statuses`' codes gets that code's status. */
export function meantStatus(status: number, body: unknown, statuses: ErrorStatuses | undefined): number {
  if (!statuses || status < 500 || !isJsonObject(body) || typeof body.error_code !== "string") return status;
  return statuses[body.error_code] ?? status;
}
