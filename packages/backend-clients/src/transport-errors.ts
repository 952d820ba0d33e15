import { GatewayError } from "@de-gateway/service-kit";

const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT"]);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && typeof current === "object"; current = (current as Error).cause) {
    chain.push(current);
  }
  return chain;
}

function codesOf(error: unknown): string[] {
  return causes(error)
    .map((cause) => (cause as { code?: unknown }).code)
    .filter((code): code is string => typeof code === "string");
}

/**
 * Turns a transport failure into what the caller sees: the gateway's own refusal when the request body
 * broke a limit on the way, 504 when the backend was too slow, else 502.
 */
export function transportError(backend: string, error: unknown): GatewayError {
  const ownError = causes(error).find((cause): cause is GatewayError => cause instanceof GatewayError);
  if (ownError) return ownError;
  if (codesOf(error).some((code) => TIMEOUT_CODES.has(code))) {
    return new GatewayError(504, `the ${backend} backend did not answer in time`);
  }
  return new GatewayError(502, `the ${backend} backend is unreachable`);
}

/**
 * What went wrong, as a span's `error.type`: `timeout`, the first error code in the chain (`ECONNREFUSED`,
 * `UND_ERR_SOCKET`…), the status of the gateway's own refusal (a body over the limit, 413), or the error's name.
 */
export function transportErrorType(error: Error): string {
  const codes = codesOf(error);
  if (codes.some((code) => TIMEOUT_CODES.has(code))) return "timeout";
  const ownError = causes(error).find((cause): cause is GatewayError => cause instanceof GatewayError);
  if (ownError) return String(ownError.statusCode);
  return codes[0] ?? error.name;
}
