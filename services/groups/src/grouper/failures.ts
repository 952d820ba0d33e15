import { type BackendResponse, isSuccess } from "@de-gateway/backend-clients";
import { errorCodeForStatus, GatewayError } from "@de-gateway/service-kit";

/** What a refusal of the groups backend means for the caller, per status, in the caller's terms. */
export type Reasons = Partial<Record<400 | 403 | 404 | 409, string>>;

function backendReason(body: unknown): string | undefined {
  const reason = (body as { reason?: unknown } | null)?.reason;
  return typeof reason === "string" && reason ? reason : undefined;
}

/**
 * Turns a groups backend answer into the caller's error: its 4xx refusals keep their status with the
 * given reason (409 as ERR_EXISTS), anything else means the backend failed (502).
 */
function failureOf(response: BackendResponse, reasons: Reasons): GatewayError {
  const { status, body } = response;
  if (status >= 400 && status < 500) {
    const reason = reasons[status as keyof Reasons] ?? backendReason(body) ?? `the groups backend refused (${status})`;
    return new GatewayError(status, reason, status === 409 ? "ERR_EXISTS" : errorCodeForStatus(status));
  }
  return new GatewayError(502, `the groups backend failed (status ${status})`, "ERR_BAD_GATEWAY", {
    backend_response: body,
  });
}

/** The body of a successful answer, or the caller's error. */
export function bodyOf<T>(response: BackendResponse, reasons: Reasons = {}): T {
  if (isSuccess(response.status)) return response.body as T;
  throw failureOf(response, reasons);
}
