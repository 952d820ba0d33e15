export type QueryValue = string | number | boolean | ReadonlyArray<string | number | boolean> | undefined | null;
export type Query = Record<string, QueryValue>;

/** Serialises a query; arrays repeat the key, undefined and null are left out. */
export function toSearchParams(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

/**
 * Builds the query sent to a backend: `base` (the caller's raw query, or none), minus every identity
 * and override key, plus the overrides, plus the identity taken from the verified user.
 * A caller can therefore never act as someone else by sending `?user=bob`.
 */
export function backendQuery(
  base: string,
  identityKeys: readonly string[],
  identity: Record<string, string>,
  overrides: Query = {},
): string {
  const params = new URLSearchParams(base);
  for (const key of [...identityKeys, ...Object.keys(overrides)]) params.delete(key);
  for (const [key, value] of toSearchParams(overrides)) {
    if (!identityKeys.includes(key)) params.append(key, value);
  }
  for (const [key, value] of Object.entries(identity)) params.append(key, value);
  return params.toString();
}

export function rawQueryOf(url: string): string {
  const index = url.indexOf("?");
  return index < 0 ? "" : url.slice(index + 1);
}
