import { GatewayError } from "@de-gateway/service-kit";

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let current = error; current && typeof current === "object"; current = (current as Error).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
  }
  return codes;
}

/** A failed forward as the caller sees it: 504 when the service was too slow, else 502. */
export function upstreamError(service: string, error: unknown): GatewayError {
  if (codesOf(error).some((code) => code.includes("TIMEOUT"))) {
    return new GatewayError(504, `the ${service} service did not answer in time`);
  }
  return new GatewayError(502, `the ${service} service is unreachable`);
}
