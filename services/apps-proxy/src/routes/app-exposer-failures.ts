import type { BackendResponse } from "@de-gateway/backend-clients";
import { isJsonObject } from "@de-gateway/service-kit";

/**
 * app-exposer answers some of the caller's mistakes with 500, the Go error it got as its `{message}` (cyverse-de/
 * app-exposer cmd/app-exposer/app.go `HTTPErrorHandler`). These read the few whose words say what happened.
 */
const failureMessage = (answer: BackendResponse): string | undefined =>
  answer.status === 500 && isJsonObject(answer.body) && typeof answer.body.message === "string"
    ? answer.body.message
    : undefined;

/**
 * The database found no row for what was asked (Go's `sql.ErrNoRows`, as it is or at the end of a wrapping error):
 * an external id or analysis id it does not know, or a job row that is not the caller's (apps/apps.go,
 * incluster/incluster.go `UpdateTimeLimit`).
 */
export const databaseFoundNothing = (answer: BackendResponse): boolean =>
  failureMessage(answer)?.endsWith("sql: no rows in result set") ?? false;

/** The job has no planned end to extend (incluster/incluster.go `UpdateTimeLimit`): not an interactive analysis. */
export const noPlannedEnd = (answer: BackendResponse): boolean =>
  failureMessage(answer)?.endsWith("was null after extension") ?? false;

/**
 * The status the analysis's operator answered a passed-on call with, which app-exposer wraps in its own 500
 * (operatorclient/client.go: `<action> returned <status>: <body>`), e.g. 404 for the logs of an analysis whose pod
 * is gone.
 */
export function operatorStatus(answer: BackendResponse, action: string): number | undefined {
  const match = failureMessage(answer)?.match(new RegExp(`^code=500, message=${action} returned (\\d{3}):`));
  return match ? Number(match[1]) : undefined;
}
