import { headersFromList, REQUEST_ID_HEADER, traceHeaderList } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/**
 * What every backend request carries, as name, value, name, value…: the request id and the trace, continued from
 * this service's span. A list is the form undici reads fastest.
 */
export function gatewayHeaderList(request: FastifyRequest): string[] {
  const list = traceHeaderList(request.trace);
  list.push(REQUEST_ID_HEADER, request.id);
  return list;
}

/** The same headers by name. */
export const gatewayHeaders = (request: FastifyRequest): Record<string, string> =>
  headersFromList(gatewayHeaderList(request));
