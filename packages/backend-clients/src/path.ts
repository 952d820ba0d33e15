import { badRequest } from "@de-gateway/service-kit";
import { noteEncodedValue } from "./path-template.js";

/** A segment percent-decoded; undefined when it cannot be (a stray `%`), which no URL parser resolves as a dot. */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const isDot = (part: string | undefined) => part === "." || part === "..";

const MAYBE_DOT_SEGMENT = /(?:^|\/)(?:\.|%2e)/i;

/**
 * `.` or `..`, however written: raw, percent-encoded, in either case (`%2e`, `%2E`, `.%2e`…). Only a segment that
 * begins with `.` or `%2e` can be one: the rest (nearly all) are not decoded to be sure.
 */
const isDotSegment = (segment: string) => MAYBE_DOT_SEGMENT.test(segment) && isDot(decoded(segment));

const dotSegmentRefused = (segment: string) =>
  badRequest(`a path parameter cannot be "${segment}": it would name another path of the backend`, "ERR_BAD_PATH");

const MAYBE_CLIMBING_SEGMENT = /(?:^|\/|%2f)(?:\.|%2e)/i;

/** Refuses the first segment of `path` (its query left out) that `refused` picks out. */
function checkSegments(path: string, refused: (segment: string) => boolean): string {
  const segments = path.split("?")[0]?.split("/") ?? [];
  const dot = segments.find(refused);
  if (dot !== undefined) throw dotSegmentRefused(dot);
  return path;
}

/**
 * The one check of every backend path the clients send (`call`, `stream`, `forward`): no segment is `.` or `..`,
 * raw or encoded. Encoding does not protect a segment: URL parsers (WHATWG URL, undici, most backends) resolve
 * `%2E%2E` as `..`, so `/users/%2E%2E?user=alice` would reach `/?user=alice`. A value with an encoded slash stays
 * one segment (`a%2F..%2Fb`), as the handlers' own calls send names that hold slashes.
 */
export function checkBackendPath(path: string): string {
  // A dot segment begins with `.` or `%2e` right after a slash: most paths have neither, and need no more look.
  return MAYBE_DOT_SEGMENT.test(path) ? checkSegments(path, isDotSegment) : path;
}

/**
 * The check of a forwarded path, stricter: a passthrough hands the caller's path parameters to the backend as they
 * are, so a segment that holds a dot segment behind an encoded slash (`..%2Ftools`) is refused too; a backend, or a
 * proxy in front of it, that decodes `%2F` before routing would climb with it.
 */
export function checkForwardedPath(path: string): string {
  return MAYBE_CLIMBING_SEGMENT.test(path) ? checkSegments(path, climbs) : path;
}

/** Whether a segment is a dot segment, or holds one behind an encoded slash. */
function climbs(segment: string): boolean {
  return decoded(segment)?.split("/").some(isDot) ?? false;
}

/** Encodes one path segment so that no value can add, remove or climb segments of the target path. */
export function encodeSegment(value: string | number): string {
  const text = String(value);
  if (isDotSegment(text)) throw dotSegmentRefused(text);
  const encoded = encodeURIComponent(text);
  noteEncodedValue(encoded);
  return encoded;
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
