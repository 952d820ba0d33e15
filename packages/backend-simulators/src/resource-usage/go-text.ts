/**
 * How resource-usage-api's Go writes the values it re-encodes: cockroachdb/apd decimals as their text, and a time it
 * has none for (its times as framework/go-time.ts writes them).
 */

/** time.Time's zero value, which the service sends for times it has none for. */
export const ZERO_TIME = "0001-01-01T00:00:00Z";

/**
 * A float as apd.Decimal's SetFloat64 holds it (the shortest digits that give it back, as strconv's 'E' format) and
 * MarshalText writes it: the General Decimal Arithmetic's to-scientific-string, so 12.5 is "12.5" and 200 "2E+2".
 */
export function decimalText(value: number): string {
  const [mantissa = "0", exponentText = "0"] = value.toExponential().split("e");
  const sign = mantissa.startsWith("-") ? "-" : "";
  const digits = mantissa.replace(/[-.]/g, "");
  const exponent = Number(exponentText) - (digits.length - 1);
  const adjusted = exponent + digits.length - 1;
  if (exponent <= 0 && adjusted >= -6) {
    const point = digits.length + exponent;
    if (exponent === 0) return sign + digits;
    return sign + (point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${"0".repeat(-point)}${digits}`);
  }
  const fraction = digits.length > 1 ? `.${digits.slice(1)}` : "";
  return `${sign}${digits[0]}${fraction}E${adjusted >= 0 ? "+" : "-"}${Math.abs(adjusted)}`;
}
