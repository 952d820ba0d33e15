/** Dates and sizes as the query language's range clauses take them, both given as text. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch from a number of milliseconds, `YYYY-MM-DD` (UTC), or `YYYY-MM-DDTHH:MM:SS.mmm±zone`. */
export function epochMs(text: string): number | undefined {
  if (/^-?\d+$/.test(text)) return Number(text);
  if (!DAY.test(text) && !TIMESTAMP.test(text)) return undefined;
  const ms = Date.parse(DAY.test(text) ? `${text}T00:00:00.000Z` : text);
  return Number.isNaN(ms) ? undefined : ms;
}

const UNITS: Record<string, number> = { K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** Bytes from a number of bytes or `N KB|MB|GB|TB` (powers of 1024, at most one decimal: `1.5 GB`). */
export function byteCount(text: string): number | undefined {
  if (/^-?\d+$/.test(text)) return Number(text);
  const match = /^\s*(\d+(?:\.\d)?)\s*([KMGT])B\s*$/.exec(text);
  if (!match) return undefined;
  return Math.trunc(Number(match[1]) * (UNITS[match[2] as string] as number));
}
