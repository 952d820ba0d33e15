/** Encodes one path segment so that no value can add, remove or climb segments of the target path. */
export function encodeSegment(value: string | number): string {
  const text = String(value);
  if (text === "." || text === "..") return text.replace(/\./g, "%2E");
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
