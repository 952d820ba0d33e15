import { Readable } from "node:stream";
import type { TraceContext } from "@de-gateway/service-kit";
import type { FastifyRequest } from "fastify";
import { gatewayHeaderList } from "./headers.js";

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
/** The headers that describe the body: a body Fastify parsed is sent re-encoded, with its own. */
const BODY_HEADERS = new Set(["content-type", "content-length", "content-encoding"]);

/** The request a forward sends the backend: its headers (name, value, name, value…) and the body as it goes on. */
export interface ForwardedRequest {
  headers: string[];
  body: Readable | string | Buffer | undefined;
}

/** Adds the caller's headers that may pass to `headers`, except those `left` names. */
function addCallerHeaders(request: FastifyRequest, headers: string[], left?: ReadonlySet<string>): string[] {
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined && !left?.has(name)) headers.push(name, String(value));
  }
  return headers;
}

/**
 * What a forward sends the backend in place of the caller's request. A streamed body (passthrough contexts) goes on
 * as it comes, described by the caller's length and type; a body Fastify parsed goes re-encoded (JSON for anything
 * but text and bytes), with its own length, since the caller's may no longer fit it. Fastify reads no body of a
 * GET or HEAD, so none is sent on those. The trace is the call's own span's when tracing is on.
 */
export function forwardedRequest(request: FastifyRequest, trace?: TraceContext): ForwardedRequest {
  const headers = gatewayHeaderList(request, trace);
  const parsed = request.body;
  if (parsed === undefined || parsed === null || parsed instanceof Readable) {
    return { headers: addCallerHeaders(request, headers), body: parsed ?? undefined };
  }
  const text = typeof parsed === "string" || Buffer.isBuffer(parsed);
  const body = text ? parsed : JSON.stringify(parsed);
  addCallerHeaders(request, headers, BODY_HEADERS);
  const type = text ? request.headers["content-type"] : "application/json";
  if (type !== undefined) headers.push("content-type", type);
  headers.push("content-length", String(Buffer.byteLength(body)));
  return { headers, body };
}
