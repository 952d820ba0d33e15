import type { IncomingHttpHeaders } from "node:http";

/** Headers that describe one connection, never passed on by a proxy (RFC 9110, 7.6.1). */
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

/** Whether a header describes one connection only. */
export const isHopByHop = (name: string): boolean => HOP_BY_HOP.has(name);

/** An answer's headers without the hop-by-hop ones: this hop's own connection decides those. */
export function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (!isHopByHop(name)) kept[name] = headers[name];
  }
  return kept;
}
