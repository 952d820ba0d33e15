import { errorCodeForStatus, GatewayError, isJsonObject } from "@de-gateway/service-kit";

/**
 * A backend answered a custom handler's call with a non-2xx status. A 4xx concerns the caller's request
 * and keeps its status; a 5xx means the backend failed, which the caller sees as 502. A backend body that
 * already follows the error model is passed on; anything else is wrapped. `backendStatus` and `body` keep
 * what the backend actually answered.
 */
export class BackendResponseError extends GatewayError {
  readonly backend: string;
  readonly backendStatus: number;
  readonly body: unknown;

  constructor(backend: string, status: number, body: unknown) {
    const failed = status >= 500;
    const reason =
      isJsonObject(body) && typeof body.reason === "string"
        ? body.reason
        : `the ${backend} backend answered with status ${status}`;
    const code =
      !failed && isJsonObject(body) && typeof body.error_code === "string"
        ? body.error_code
        : errorCodeForStatus(failed ? 502 : status);
    super(failed ? 502 : status, reason, code);
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
    if (isJsonObject(this.body) && typeof this.body.error_code === "string")
      return { reason: this.message, ...this.body };
    return { error_code: this.errorCode, reason: this.message, backend_response: this.body };
  }
}
