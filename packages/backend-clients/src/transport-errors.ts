import { GatewayError } from "@de-gateway/service-kit";

const TIMEOUT_CODES = new Set([
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "FST_REPLY_FROM_GATEWAY_TIMEOUT",
]);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error; current && typeof current === "object"; current = (current as Error).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}

/** Turns a transport failure into what the caller sees: 504 when the backend was too slow, else 502. */
export function transportError(backend: string, error: unknown): GatewayError {
  if (codesOf(error).some((code) => TIMEOUT_CODES.has(code))) {
    return new GatewayError(504, `the ${backend} backend did not answer in time`);
  }
  return new GatewayError(502, `the ${backend} backend is unreachable`);
}
