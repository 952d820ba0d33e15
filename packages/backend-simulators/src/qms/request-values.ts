import { goBoolError, parseGoBool } from "../framework/go-bool.js";
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

/** A boolean query parameter as Go's strconv reads it; required when there is no default. */
export function booleanParam(query: Record<string, unknown>, name: string, fallback?: boolean): boolean {
  const value = single(query, name);
  if (value === "") {
    if (fallback === undefined) throw new QmsError(400, `missing required query parameter: ${name}`);
    return fallback;
  }
  const flag = parseGoBool(value);
  if (flag === undefined) throw new QmsError(400, goBoolError(name, value));
  return flag;
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

/** An enumeration query parameter, lower-cased before it is checked and answered (query/main.go). */
export function enumParam<T extends string>(
  query: Record<string, unknown>,
  name: string,
  values: readonly T[],
  fallback: T,
): T {
  const value = single(query, name).toLowerCase();
  if (value === "") return fallback;
  if (!values.includes(value as T)) {
    throw new QmsError(400, `invalid query parameter: ${name}; valid values: ${values.join(", ")}`);
  }
  return value as T;
}
