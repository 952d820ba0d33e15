import type { IncomingHttpHeaders } from "node:http";
import { REQUEST_ID_HEADER, traceHeaders } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";

/** Request headers a backend may see. Never the caller's credentials. */
const FORWARDED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "content-type",
  "content-length",
  "content-encoding",
  "if-none-match",
  "if-modified-since",
  "range",
];

/** What every backend request carries: the request id and the trace, continued from this service's span. */
export function gatewayHeaders(request: FastifyRequest): Record<string, string> {
  return { [REQUEST_ID_HEADER]: request.id, ...traceHeaders(request.trace) };
}

/**
 * The request headers a forward sends the backend, taken from those reply-from `prepared` from the caller's: their
 * length and type describe the body as it is sent, and a body Fastify parsed is sent re-encoded, so the caller's
 * own `content-length` may no longer fit it.
 */
export function forwardedRequestHeaders(request: FastifyRequest, prepared: IncomingHttpHeaders): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = gatewayHeaders(request);
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = prepared[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
