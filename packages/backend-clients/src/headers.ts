import { REQUEST_ID_HEADER, type TraceContext, traceHeaderList } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/**
 * What every backend request carries, as name, value, name, value…: the request id and the trace, continued from
 * this service's span, or from the call's own span when tracing is on. A list is the form undici reads fastest.
 */
export function gatewayHeaderList(request: FastifyRequest, trace: TraceContext = request.trace): string[] {
  const list = traceHeaderList(trace);
  list.push(REQUEST_ID_HEADER, request.id);
  return list;
}

/**
 * A custom handler's call: the gateway's headers, then the call's own (which name no gateway or identity header),
 * with `accept: application/json` unless the call names what it accepts.
 */
export function callHeaderList(
  request: FastifyRequest,
  trace: TraceContext | undefined,
  own: Readonly<Record<string, string>> | undefined,
): string[] {
  const list = gatewayHeaderList(request, trace);
  if (own?.accept === undefined) list.push("accept", "application/json");
  if (own) for (const name in own) list.push(name, own[name] as string);
  return list;
}
