import { errorCodeForStatus, GatewayError } from "@de-gateway/service-kit";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A backend answered with a non-2xx status. The caller gets the same status; a backend body that
 * already follows the error model is passed on as it is, anything else is wrapped.
 */
export class BackendResponseError extends GatewayError {
  readonly backend: string;
  readonly body: unknown;

  constructor(backend: string, status: number, body: unknown) {
    const reason =
      isRecord(body) && typeof body.reason === "string"
        ? body.reason
        : `the ${backend} backend answered with status ${status}`;
    const code = isRecord(body) && typeof body.error_code === "string" ? body.error_code : errorCodeForStatus(status);
    super(status, reason, code);
    this.backend = backend;
    this.body = body;
  }

  override toBody(): Record<string, unknown> {
    if (isRecord(this.body) && typeof this.body.error_code === "string") {
      return { reason: this.message, ...this.body };
    }
    return { error_code: this.errorCode, reason: this.message, backend_response: this.body };
  }
}
