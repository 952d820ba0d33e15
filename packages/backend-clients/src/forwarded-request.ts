import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { gatewayHeaders } from "./headers.js";

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

/** The request a forward sends the backend: the caller's headers that may pass, and the body as it goes on. */
export interface ForwardedRequest {
  headers: IncomingHttpHeaders;
  body: Readable | string | Buffer | undefined;
}

/**
 * What a forward sends the backend in place of the caller's request. A streamed body (passthrough contexts) goes on
 * as it comes, described by the caller's length and type; a body Fastify parsed goes re-encoded (JSON for anything
 * but text and bytes), with its own length, since the caller's may no longer fit it. Fastify reads no body of a
 * GET or HEAD, so none is sent on those.
 */
export function forwardedRequest(request: FastifyRequest): ForwardedRequest {
  const headers: IncomingHttpHeaders = gatewayHeaders(request);
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const parsed = request.body;
  if (parsed === undefined || parsed === null || parsed instanceof Readable) {
    return { headers, body: parsed ?? undefined };
  }
  const text = typeof parsed === "string" || Buffer.isBuffer(parsed);
  const body = text ? parsed : JSON.stringify(parsed);
  headers["content-length"] = String(Buffer.byteLength(body));
  if (!text) headers["content-type"] = "application/json";
  delete headers["content-encoding"];
  return { headers, body };
}
