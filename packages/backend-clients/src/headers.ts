import { REQUEST_ID_HEADER, traceHeaders } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/** What every backend request carries: the request id and the trace, continued from this service's span. */
export function gatewayHeaders(request: FastifyRequest): Record<string, string> {
  return { [REQUEST_ID_HEADER]: request.id, ...traceHeaders(request.trace) };
}
