import { errorCodeForStatus, GatewayError, isJsonObject } from "@de-gateway/service-kit";

/**
 * The text of a Go service's echo error: its `{message}` is `err.Error()`, which for an `echo.HTTPError` is
 * `code=<status>, message=<text>` (labstack/echo `HTTPError.Error`), once per wrapping. The status is the answer's
 * own; the caller is told the text.
 */
const withoutEchoPrefix = (message: unknown) =>
  typeof message === "string" ? message.replace(/^(code=\d{3}, message=)+/, "") : message;

/**
 * A backend's `reason` as the one line of text the error model promises. The backends' request validation
 * (clojure-commons over compojure-api) answers with a map of refused fields instead, `{comment: "(not …)"}`:
 * each field with what was wrong.
 */
function reasonText(reason: unknown): string | undefined {
  if (typeof reason === "string") return reason || undefined;
  if (isJsonObject(reason)) {
    const fields = Object.entries(reason).map(
      ([field, problem]) => `${field}: ${typeof problem === "string" ? problem : JSON.stringify(problem)}`,
    );
    return fields.join("; ") || undefined;
  }
  return reason === null || reason === undefined ? undefined : JSON.stringify(reason);
}

/**
 * A backend answered a custom handler's call with a non-2xx status. A 4xx concerns the caller's request
 * and keeps its status; a 5xx means the backend failed, which the caller sees as 502. A backend body that
 * already follows the error model is passed on, its `reason` always text; anything else is wrapped.
 * `backendStatus` and `body` keep what the backend actually answered.
 */
export class BackendResponseError extends GatewayError {
  readonly backend: string;
  readonly backendStatus: number;
  readonly body: unknown;

  constructor(backend: string, status: number, body: unknown) {
    const failed = status >= 500;
    // Go services (echo) answer `{message}` where the Clojure ones answer `{reason}`.
    const reason =
      (isJsonObject(body) ? (reasonText(body.reason) ?? reasonText(withoutEchoPrefix(body.message))) : undefined) ??
      `the ${backend} backend answered with status ${status}`;
    const code =
      !failed && isJsonObject(body) && typeof body.error_code === "string"
        ? body.error_code
        : errorCodeForStatus(failed ? 502 : status);
    // A failing backend's own words (a host name, a stack trace) are logged with its body, never answered.
    super(failed ? 502 : status, failed ? `the ${backend} backend answered with status ${status}` : reason, code);
    this.backend = backend;
    this.backendStatus = status;
    this.body = body;
  }

  override toBody(): Record<string, unknown> {
    if (this.backendStatus >= 500) {
      return {
        error_code: this.errorCode,
        reason: this.message,
        backend_status: this.backendStatus,
        backend_response: this.body,
      };
    }
    if (isJsonObject(this.body) && typeof this.body.error_code === "string") {
      const { reason, ...rest } = this.body;
      // The backend's own reason, when it is more than text (refused fields), is kept beside the text made of it.
      const structured = reason !== null && reason !== undefined && typeof reason !== "string";
      return { ...rest, reason: this.message, ...(structured ? { backend_reason: reason } : {}) };
    }
    return { error_code: this.errorCode, reason: this.message, backend_response: this.body };
  }
}

/**
 * What a backend answered, when `error` is its non-2xx answer with a JSON object as the body: its own status (not the
 * one the caller would get) and that object. For a handler that reads a particular refusal or failure as meaning
 * something else; undefined for any other error.
 */
export function backendAnswerOf(error: unknown): { status: number; body: Record<string, unknown> } | undefined {
  if (!(error instanceof BackendResponseError) || !isJsonObject(error.body)) return undefined;
  return { status: error.backendStatus, body: error.body };
}
