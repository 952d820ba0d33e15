/** What the edge routes a request by, read from its request target and Host header. */
export interface RequestTarget {
  rawPath: string;
  rawQuery: string;
  host: string | undefined;
}

// scheme "://" authority, then the path and query (RFC 9112, 3.2.2).
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/([^/?]*)(.*)$/i;

function splitQuery(target: string): { rawPath: string; rawQuery: string } {
  const queryAt = target.indexOf("?");
  return queryAt < 0
    ? { rawPath: target, rawQuery: "" }
    : { rawPath: target.slice(0, queryAt), rawQuery: target.slice(queryAt + 1) };
}

/**
 * Reads a request target as Go's HTTP server, and so Traefik, does. An origin-form target (`/path?query`) keeps the
 * Host header. An absolute-form one (`http://host/path?query`, what a client set up to use a proxy sends) names
 * its own host, which wins over the header, and its path (`/` when it has none); credentials in it are not a host.
 */
export function readTarget(target: string, hostHeader: string | undefined): RequestTarget {
  const absolute = ABSOLUTE_FORM.exec(target);
  if (!absolute) return { ...splitQuery(target), host: hostHeader };
  const authority = absolute[1] as string;
  const host = authority.slice(authority.lastIndexOf("@") + 1);
  const rest = absolute[2] as string;
  const { rawPath, rawQuery } = splitQuery(rest.startsWith("/") ? rest : `/${rest}`);
  return { rawPath, rawQuery, host: host || hostHeader };
}
