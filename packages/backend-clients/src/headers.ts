import type { IncomingHttpHeaders } from "node:http";
import { REQUEST_ID_HEADER } from "@de-gateway/service-kit";

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

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

export function forwardedRequestHeaders(incoming: IncomingHttpHeaders, requestId: string): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { [REQUEST_ID_HEADER]: requestId };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

export function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}
