import { QmsError } from "./envelope.js";

/** The user QMS means: the platform's domain, when the caller qualified the name, is left out. */
export function shortUsername(username: string, domain: string): string {
  const short = username.endsWith(`@${domain}`) ? username.slice(0, -domain.length - 1) : username;
  if (!short) throw new QmsError(400, "invalid username");
  return short;
}

const single = (query: Record<string, unknown>, name: string): string => {
  const value = query[name];
  return String((Array.isArray(value) ? value[0] : value) ?? "");
};

const TRUE = new Set(["1", "t", "T", "TRUE", "true", "True"]);
const FALSE = new Set(["0", "f", "F", "FALSE", "false", "False"]);

/** A boolean query parameter as Go's strconv reads it; required when there is no default. */
export function booleanParam(query: Record<string, unknown>, name: string, fallback?: boolean): boolean {
  const value = single(query, name);
  if (value === "") {
    if (fallback === undefined) throw new QmsError(400, `missing required query parameter: ${name}`);
    return fallback;
  }
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  throw new QmsError(400, `invalid query parameter: ${name}: strconv.ParseBool: parsing "${value}": invalid syntax`);
}

export function integerParam(query: Record<string, unknown>, name: string, fallback: number, max = Infinity): number {
  const value = single(query, name);
  if (value === "") return fallback;
  const number = Number(value);
  if (!/^-?\d+$/.test(value) || number < 0 || number > max) {
    throw new QmsError(400, `invalid query parameter: ${name}`);
  }
  return number;
}

/** A date query parameter: `YYYY-MM-DD` only, as QMS parses it. */
export function dateParam(query: Record<string, unknown>, name: string, fallback: Date): Date {
  const value = single(query, name);
  if (value === "") return fallback;
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime())) {
    throw new QmsError(400, `invalid query parameter: ${name}`);
  }
  return date;
}

export function enumParam<T extends string>(
  query: Record<string, unknown>,
  name: string,
  values: readonly T[],
  fallback: T,
): T {
  const value = single(query, name);
  if (value === "") return fallback;
  if (!values.includes(value as T)) throw new QmsError(400, `invalid query parameter: ${name}: ${value}`);
  return value as T;
}

/** A date in a request body (RFC 3339 or a plain date); absent gives the fallback. */
export function bodyDate(value: unknown, name: string, fallback: Date): Date {
  if (value === undefined || value === null || value === "") return fallback;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new QmsError(400, `invalid ${name}: ${String(value)}`);
  return date;
}
