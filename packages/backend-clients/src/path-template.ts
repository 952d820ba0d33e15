/**
 * The values `encodeSegment` encoded last: the `path` tag and every hand-made path of values (the data service's
 * data-store paths) encode each value through it, in the same turn as the call that sends the path. A segment found
 * here is a value, named `{}` in the call's template. A ring, so that encoding costs a store and no allocation.
 */
const RECENT_VALUES = 64;
const recentValues: string[] = new Array(RECENT_VALUES).fill("");
let nextValue = 0;

/** Notes one encoded path segment (see `recentValues`). */
export function noteEncodedValue(segment: string): void {
  recentValues[nextValue] = segment;
  nextValue = (nextValue + 1) % RECENT_VALUES;
}

/** A segment a template keeps as it is: a word of the backend's API (`users`, `base-paths`), never an id or a name. */
const API_WORD = /^[a-z]+(?:-[a-z]+)*$/;

/**
 * The template of a backend path, for its call's span: every value `{}` (a segment just encoded as one, or anything
 * but a lower-case word: ids, names with digits, dots or escapes), so that a trace never shows ids or names and calls
 * to one endpoint group together. `/users/alice%40example.org/sessions` → `/users/{}/sessions`.
 */
export function pathTemplateOf(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment === "" || (API_WORD.test(segment) && !recentValues.includes(segment)) ? segment : "{}"))
    .join("/");
}
