import { type BackendClient, type CallOptions, expectShape, isSuccess } from "@de-gateway/backend-clients";
import { errorCodeForStatus, GatewayError, isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import type { TSchema } from "typebox";

/** CoGe's reason in its error shape, `{error: {Auth|Error|Invalid: reason}}`. */
function reasonOf(body: unknown): string | undefined {
  if (!isJsonObject(body) || !isJsonObject(body.error)) return undefined;
  return Object.values(body.error).find((value): value is string => typeof value === "string");
}

/**
 * Calls CoGe as the caller (with the gateway-signed token) and gives its answer. CoGe refusing the request
 * itself (400, 404) keeps that status with CoGe's reason; anything else it answers (401: it did not accept the
 * gateway's token; 5xx) is a 502, as is a success without `shape`. Transport failures are 502, timeouts 504.
 */
export async function cogeJson<T>(
  coge: BackendClient,
  request: FastifyRequest,
  options: CallOptions,
  shape: TSchema,
): Promise<T> {
  const response = await coge.call<T>(request, options);
  const { status, body } = response;
  if (isSuccess(status)) {
    expectShape("CoGe", body, shape);
    return body;
  }
  const reason = reasonOf(body);
  if (status === 400 || status === 404) {
    throw new GatewayError(status, `CoGe: ${reason ?? `status ${status}`}`, errorCodeForStatus(status), {
      backend_response: body,
    });
  }
  throw new GatewayError(502, `CoGe answered with status ${status}${reason ? `: ${reason}` : ""}`, "ERR_BAD_GATEWAY", {
    backend_status: status,
    backend_response: body,
  });
}
