import { type BackendResponse, expectShape, isSuccess } from "@de-gateway/backend-clients";
import { errorCodeForStatus, GatewayError } from "@de-gateway/service-kit";
import type { Static, TSchema } from "typebox";

/** What a refusal of the groups backend means for the caller, per status, in the caller's terms. */
export type Reasons = Partial<Record<400 | 403 | 404 | 409, string>>;

/**
 * What the groups backend said, when it said something: iplant-groups' own `reason` (a string, or a schema error as an
 * object; null on its not-found answers), or the message of the Grouper refusal it passes on.
 */
function backendReason(body: unknown): string | undefined {
  const { reason, grouper_result_message: message } = (body ?? {}) as {
    reason?: unknown;
    grouper_result_message?: unknown;
  };
  if (typeof reason === "string" && reason) return reason;
  if (reason && typeof reason === "object") return JSON.stringify(reason);
  return typeof message === "string" && message ? message : undefined;
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

/**
 * The body of a successful answer, or the caller's error. With `shape`, what the handler reads from the answer
 * must be there, or the groups backend failed (502).
 */
export function bodyOf<S extends TSchema>(response: BackendResponse, shape: S, reasons?: Reasons): Static<S>;
export function bodyOf(response: BackendResponse, shape?: undefined, reasons?: Reasons): unknown;
export function bodyOf(response: BackendResponse, shape?: TSchema, reasons: Reasons = {}): unknown {
  if (!isSuccess(response.status)) throw failureOf(response, reasons);
  if (shape) expectShape("groups", response.body, shape);
  return response.body;
}
