/**
 * Text matching the way the search service's clauses ask Elasticsearch for it: a `query_string` of wildcard terms
 * (`*` any run of characters, `?` one character), any term matching, letters in any case.
 */

const HAS_WILDCARD_SYNTAX = /[*?\\"]/;

/**
 * A query as typed into a search box made into wildcard terms: every word (words are separated by spaces or ` OR `)
 * may match anywhere in the text. A query that already holds wildcard syntax is taken as it is.
 */
export function implicitWildcards(query: string): string {
  if (HAS_WILDCARD_SYNTAX.test(query)) return query;
  return query
    .split(/ OR |\s+/)
    .map((word) => word.trim())
    .filter(Boolean)
    .map((word) => `*${word}*`)
    .join(" ");
}

const escapeRegExp = (text: string) => text.replace(/[.+^${}()|[\]\\/-]/g, "\\$&");

/** One wildcard term as a regular expression over the rest of the text from where it is tried. */
function termPattern(term: string): string {
  const unquoted = term.replace(/^"(.*)"$/, "$1").replace(/\\(.)/g, "$1");
  return `${unquoted
    .split(/([*?])/)
    .map((part) => (part === "*" ? ".*" : part === "?" ? "." : escapeRegExp(part)))
    .join("")}`;
}

/**
 * A test of the text from `from` to its end against a pattern: sticky, so that a search scanning many paths tests
 * their names in place, without cutting each one out.
 */
function stickyTest(pattern: string, flags: string): (text: string, from?: number) => boolean {
  // A leading or trailing `*` need not be matched character by character: the term is searched for from `from` on
  // (instead of tried there), and need not reach the end. A literal `.` is `\.` here, so `.*` is always a wildcard.
  const leading = pattern.startsWith(".*");
  const trailing = pattern.endsWith(".*") && pattern.length >= (leading ? 4 : 2);
  const body = pattern.slice(leading ? 2 : 0, trailing ? -2 : undefined);
  const expression = new RegExp(trailing ? body : `(?:${body})$`, `${flags}s${leading ? "g" : "y"}`);
  return (text, from = 0) => {
    expression.lastIndex = from;
    return expression.test(text);
  };
}

/**
 * A matcher for a query of wildcard terms (or a quoted phrase): true when any term matches the whole text (from
 * `from` on).
 */
export function wildcardMatcher(query: string): (text: string, from?: number) => boolean {
  const terms = /^".*"$/.test(query.trim()) ? [query.trim()] : query.split(/ OR |\s+/).filter(Boolean);
  const tests = terms.map((term) => stickyTest(termPattern(term), "i"));
  return (text, from = 0) => tests.some((test) => test(text, from));
}

/** The data store's zone: user names in the index are qualified with it (`alice#iplant`). */
export const ZONE = "iplant";

export const qualifiedName = (name: string): string => `${name}#${ZONE}`;

/** A single wildcard pattern (Elasticsearch's `wildcard` query on a keyword): the whole text, letters as given. */
export function patternMatcher(pattern: string): (text: string) => boolean {
  const test = stickyTest(termPattern(pattern), "");
  return (text) => test(text);
}

/** How the clauses name users: an unqualified name (no `#`) stands for that name in any zone. */
export const withAnyZone = (name: string): string => (name.includes("#") ? name : `${name}#*`);
