import { BackendResponseError, type CallOptions, isSuccess } from "@de-gateway/backend-clients";
import { badGateway, errorCodeForStatus, GatewayError, isJsonObject } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/**
 * A backend's refusal as the error model says it: its status, a code for the status, its own message as the
 * reason, and its own code (when it has one) beside. A 5xx is the backend failing: 502, with what it answered.
 */
function refusal(backend: string, status: number, message: unknown, body: unknown, code?: unknown): GatewayError {
  if (status >= 500 || typeof message !== "string" || !message) return new BackendResponseError(backend, status, body);
  return new GatewayError(status, message, errorCodeForStatus(status), {
    ...(typeof code === "string" && code ? { backend_error_code: code } : {}),
  });
}

/**
 * QMS answers `{result, status}`, and refuses with `{error: "<message>", status}` (as terrain rethrows it:
 * `{error_code, reason}`). Answers the envelope of a 2xx that has one.
 */
export async function qmsAnswer<T = Record<string, unknown>>(
  request: FastifyRequest,
  options: CallOptions,
): Promise<T> {
  const qms = request.server.backends.qms;
  const response = await qms.call(request, options);
  const { status, body } = response;
  if (!isSuccess(status)) throw refusal(qms.name, status, isJsonObject(body) ? body.error : undefined, body);
  if (!isJsonObject(body) || typeof body.status !== "string") {
    throw badGateway(`the ${qms.name} backend answered without its response envelope`);
  }
  return body as T;
}

/**
 * The subscriptions service answers `{header, error, <field>}` and refuses with `error: {error_code, message,
 * status_code}` (or `{message}` for a body it cannot read). Answers only `field`, as terrain selects it.
 */
export async function addonAnswer<T = Record<string, unknown>>(
  request: FastifyRequest,
  options: CallOptions,
  field: string,
): Promise<T> {
  const addons = request.server.backends.subscriptionAddons;
  const { status, body } = await addons.call(request, options);
  if (!isSuccess(status)) {
    const error = isJsonObject(body) && isJsonObject(body.error) ? body.error : isJsonObject(body) ? body : {};
    throw refusal(addons.name, status, error.message, body, error.error_code);
  }
  if (!isJsonObject(body) || !(field in body) || body[field] === null) {
    throw badGateway(`the ${addons.name} backend answered without ${field}`);
  }
  return { [field]: body[field] } as T;
}

/** resource-usage-api and data-usage-api refuse with `{message, error_code: "<status>"}`. */
export async function usageAnswer<T = Record<string, unknown>>(
  request: FastifyRequest,
  backend: "resourceUsage" | "dataUsage",
  options: CallOptions,
): Promise<T> {
  const client = request.server.backends[backend];
  const { status, body } = await client.call(request, options);
  if (!isSuccess(status)) throw refusal(client.name, status, isJsonObject(body) ? body.message : undefined, body);
  if (!isJsonObject(body)) throw badGateway(`the ${client.name} backend answered no JSON object`);
  return body as T;
}
