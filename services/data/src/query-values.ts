import { badRequest } from "@de-gateway/service-kit";

/**
 * A parameter that takes one of a few words in any case, lower-cased; absent → `fallback`, or 400 when the
 * parameter is required (no fallback).
 */
export function oneOf(value: string | undefined, allowed: readonly string[], name: string, fallback?: string): string {
  const given = (value ?? fallback)?.toLowerCase();
  if (given === undefined || !allowed.includes(given)) {
    throw badRequest(
      `${name} must be one of ${allowed.join(", ").toUpperCase()} (any case)`,
      "ERR_BAD_OR_MISSING_FIELD",
      {
        [name]: value ?? null,
      },
    );
  }
  return given;
}
