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

/** One wildcard term as a regular expression over the whole text. */
function termPattern(term: string): string {
  const unquoted = term.replace(/^"(.*)"$/, "$1").replace(/\\(.)/g, "$1");
  return `^${unquoted
    .split(/([*?])/)
    .map((part) => (part === "*" ? ".*" : part === "?" ? "." : escapeRegExp(part)))
    .join("")}$`;
}

/** A matcher for a query of wildcard terms (or a quoted phrase): true when any term matches the whole text. */
export function wildcardMatcher(query: string): (text: string) => boolean {
  const terms = /^".*"$/.test(query.trim()) ? [query.trim()] : query.split(/ OR |\s+/).filter(Boolean);
  const expressions = terms.map((term) => new RegExp(termPattern(term), "is"));
  return (text) => expressions.some((expression) => expression.test(text));
}

/** The data store's zone: user names in the index are qualified with it (`alice#iplant`). */
export const ZONE = "iplant";

export const qualifiedName = (name: string): string => `${name}#${ZONE}`;

/** A single wildcard pattern (Elasticsearch's `wildcard` query on a keyword): the whole text, letters as given. */
export function patternMatcher(pattern: string): (text: string) => boolean {
  const expression = new RegExp(termPattern(pattern), "s");
  return (text) => expression.test(text);
}

/** How the clauses name users: an unqualified name (no `#`) stands for that name in any zone. */
export const withAnyZone = (name: string): string => (name.includes("#") ? name : `${name}#*`);
