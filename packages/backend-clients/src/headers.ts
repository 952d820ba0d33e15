import { REQUEST_ID_HEADER, TRACEPARENT_HEADER, TRACESTATE_HEADER, traceparentOf } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/**
 * What every backend request carries, as name, value, name, value…: the request id and the trace, continued from
 * this service's span. A list is the form undici reads fastest.
 */
export function gatewayHeaderList(request: FastifyRequest): string[] {
  const { trace } = request;
  const list = [REQUEST_ID_HEADER, request.id, TRACEPARENT_HEADER, traceparentOf(trace)];
  if (trace.tracestate) list.push(TRACESTATE_HEADER, trace.tracestate);
  return list;
}

/** The same headers by name. */
export function gatewayHeaders(request: FastifyRequest): Record<string, string> {
  const list = gatewayHeaderList(request);
  const headers: Record<string, string> = {};
  for (let index = 0; index < list.length; index += 2) headers[list[index] as string] = list[index + 1] as string;
  return headers;
}
