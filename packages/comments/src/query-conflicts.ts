import { GatewayError } from "@de-gateway/service-kit";

/**
 * The caller's query with one value per parameter. A parameter given more than once with different
 * values is a conflict (409); repeating the same value is harmless.
 */
export function singleValuedQuery(url: string): Record<string, string> {
  const index = url.indexOf("?");
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(index < 0 ? "" : url.slice(index + 1))) {
    if (name in values && values[name] !== value) {
      throw new GatewayError(409, `the query parameter ${name} is given more than once with different values`);
    }
    values[name] = value;
  }
  return values;
}
