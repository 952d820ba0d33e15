import type { FastifyRequest } from "fastify";

/** Query parameters that carry credentials: an OAuth callback's code and state, tokens, data-store tickets. */
export const CREDENTIAL_PARAMETERS: ReadonlySet<string> = new Set([
  "code",
  "state",
  "token",
  "ticket",
  "access_token",
  "refresh_token",
  "id_token",
  "client_secret",
  "password",
]);

export const REDACTED = "[REDACTED]";

const nameOf = (pair: string) => {
  const raw = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(raw.replace(/\+/g, " ")).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
};

/** A URL for the log: the value of every credential-bearing query parameter replaced, the rest as it came. */
export function redactedUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split("&")
    .map((pair) => (CREDENTIAL_PARAMETERS.has(nameOf(pair)) ? `${pair.split("=", 1)[0]}=${REDACTED}` : pair))
    .join("&");
  return `${url.slice(0, mark)}?${query}`;
}

/** Fastify's request serializer (what every request's log line carries), with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
