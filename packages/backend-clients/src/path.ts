import { badRequest } from "@de-gateway/service-kit";

/** A segment percent-decoded; undefined when it cannot be (a stray `%`), which no URL parser resolves as a dot. */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const isDot = (part: string | undefined) => part === "." || part === "..";

/** `.` or `..`, however written: raw, percent-encoded, in either case (`%2e`, `%2E`, `.%2e`…). */
const isDotSegment = (segment: string) => isDot(decoded(segment));

const dotSegmentRefused = (segment: string) =>
  badRequest(`a path parameter cannot be "${segment}": it would name another path of the backend`, "ERR_BAD_PATH");

const MAYBE_DOT_SEGMENT = /(?:^|\/|%2f)(?:\.|%2e)/i;

/**
 * The one check of every backend path the clients send (`call`, `stream`, `forward`): no segment is `.` or `..`,
 * raw or encoded, nor holds one behind an encoded slash. Encoding does not protect a segment: URL parsers (WHATWG
 * URL, undici, most backends) resolve `%2E%2E` as `..`, so `/users/%2E%2E?user=alice` would reach `/?user=alice`.
 */
export function checkBackendPath(path: string): string {
  // A dot segment begins with `.` or `%2e` right after a slash, raw or encoded: most paths have neither.
  if (!MAYBE_DOT_SEGMENT.test(path)) return path;
  const segments = path.split("?")[0]?.split("/") ?? [];
  const dot = segments.find(climbs);
  if (dot !== undefined) throw dotSegmentRefused(dot);
  return path;
}

/**
 * Whether a segment is a dot segment, or holds one behind an encoded slash (`..%2Ftools`): a backend, or a proxy in
 * front of it, that decodes `%2F` before routing would climb with it.
 */
function climbs(segment: string): boolean {
  return decoded(segment)?.split("/").some(isDot) ?? false;
}

/** Encodes one path segment so that no value can add, remove or climb segments of the target path. */
export function encodeSegment(value: string | number): string {
  const text = String(value);
  if (isDotSegment(text)) throw dotSegmentRefused(text);
  return encodeURIComponent(text);
}

/**
 * Tagged template for backend paths: each interpolated value is encoded as a single segment.
 * `path\`/teams/${name}/members\`` with name `a/b` gives `/teams/a%2Fb/members`.
 */
export function path(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce((result, literal, index) => {
    const value = values[index - 1];
    return result + (value === undefined ? "" : encodeSegment(value)) + literal;
  });
}
