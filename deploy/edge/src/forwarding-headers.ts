import type { IncomingHttpHeaders } from "node:http";
import { hostname } from "node:os";
import type { FastifyRequest } from "fastify";

// Nothing in front of the edge is trusted (as Traefik without forwardedHeaders.trustedIPs): a client's own
// forwarding headers are dropped and set afresh.
const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-proto",
  "x-forwarded-prefix",
  "x-forwarded-server",
  "x-real-ip",
];

const SERVER = hostname();

/**
 * The request headers a service receives: the host the caller asked for (Traefik's passHostHeader; from the request
 * target when it names one), X-Forwarded-*, request id, and the caller's `traceparent` and `tracestate` untouched,
 * as Traefik passes them when it is not tracing: the edge records no span, so a span id of its own would be a parent
 * no trace holds (docs/architecture.md, "Tracing"). A request without a trace gets one from the service.
 */
export function forwardingHeaders(
  request: FastifyRequest,
  headers: IncomingHttpHeaders,
  host: string | undefined,
): IncomingHttpHeaders {
  const forwarded: IncomingHttpHeaders = { ...headers };
  for (const name of FORWARDING_HEADERS) delete forwarded[name];
  // The edge's own server has already answered `Expect: 100-continue`; passed on, the HTTP client refuses
  // the request outright (curl sends it for every large upload).
  delete forwarded.expect;
  if (host) {
    forwarded.host = host;
    forwarded["x-forwarded-host"] = host;
  }
  forwarded["x-forwarded-for"] = request.ip;
  forwarded["x-real-ip"] = request.ip;
  forwarded["x-forwarded-proto"] = request.protocol;
  forwarded["x-forwarded-port"] = String(request.socket.localPort ?? "");
  forwarded["x-forwarded-server"] = SERVER;
  forwarded["x-request-id"] = request.id;
  return forwarded;
}
