/**
 * What Traefik's entrypoint does to a request path before routing (v3.7, pkg/server and pkg/muxer/http):
 * 1. characters that may not appear raw in a path are percent-encoded (Go's URL.EscapedPath);
 * 2. normalisation: percent-encoded unreserved characters are decoded, other escapes upper-cased;
 * 3. sanitisation: `.`/`..` segments and duplicate slashes are removed (entryPoints.*.http.sanitizePath);
 * 4. routing path: escapes of characters that are not reserved (RFC 3986 2.2, plus `%`) are decoded for
 *    matching only, so `%2F`, `%3A`, `%25`, … stay encoded and a rule never matches across them.
 * The request is forwarded with the path of step 3.
 */

export class RequestPathError extends Error {
  override name = "RequestPathError";
}

export interface ProcessedPath {
  /** The path sent to the service: normalised and sanitised, every escape upper-case. */
  forwardPath: string;
  /** The path rules are matched against. */
  routingPath: string;
}

// Characters Go keeps raw in a path (RFC 3986 pchar, "/" and the brackets Go tolerates); the rest is encoded.
const RAW_PATH_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@/[\]]/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED_ESCAPES = new Set(
  [":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "%"].map(
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  ),
);

const hex = (code: number) => `%${code.toString(16).toUpperCase().padStart(2, "0")}`;

/** Steps 1 and 2: every escape valid and upper-case, unreserved characters plain, nothing raw that needs encoding. */
function normalise(rawPath: string): string {
  let out = "";
  for (let i = 0; i < rawPath.length; i++) {
    const character = rawPath[i] as string;
    if (character === "%") {
      const digits = rawPath.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(digits)) {
        throw new RequestPathError(`malformed percent-encoding "${rawPath.slice(i, i + 3)}" in the request path`);
      }
      const decoded = String.fromCharCode(Number.parseInt(digits, 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${digits.toUpperCase()}`;
      i += 2;
    } else if (RAW_PATH_CHARACTER.test(character)) {
      out += character;
    } else {
      // Node hands request targets over as latin1 (one char per byte); other strings are taken as UTF-8.
      const bytes = character.charCodeAt(0) <= 0xff ? [character.charCodeAt(0)] : Buffer.from(character, "utf8");
      for (const byte of bytes) out += hex(byte);
    }
  }
  return out;
}

/** Step 3, as Go's URL.JoinPath(): path.Clean on the escaped path, keeping a trailing slash. */
function sanitise(path: string): string {
  const kept: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") kept.pop();
    else kept.push(segment);
  }
  const cleaned = `/${kept.join("/")}`;
  return path.endsWith("/") && !cleaned.endsWith("/") ? `${cleaned}/` : cleaned;
}

/** Step 4: decodes runs of escapes that are not reserved characters (as UTF-8), keeping reserved ones. */
function routingPathOf(path: string): string {
  return path.replace(/(?:%[0-9A-F]{2})+/g, (run) => {
    let out = "";
    let pending: number[] = [];
    const flush = () => {
      out += Buffer.from(pending).toString("utf8");
      pending = [];
    };
    for (const encoded of run.match(/%[0-9A-F]{2}/g) ?? []) {
      if (RESERVED_ESCAPES.has(encoded)) {
        flush();
        out += encoded;
      } else {
        pending.push(Number.parseInt(encoded.slice(1), 16));
      }
    }
    flush();
    return out;
  });
}

/** Applies Traefik's entrypoint processing to the path part of a request target (no query). */
export function processRequestPath(rawPath: string, options: { sanitizePath?: boolean } = {}): ProcessedPath {
  if (!rawPath.startsWith("/")) throw new RequestPathError("the request path must start with /");
  const normalised = normalise(rawPath);
  const forwardPath = options.sanitizePath === false ? normalised : sanitise(normalised);
  return { forwardPath, routingPath: routingPathOf(forwardPath) };
}
