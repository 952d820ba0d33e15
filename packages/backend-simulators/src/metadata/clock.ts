let latest = 0;

/**
 * Milliseconds since the epoch, strictly increasing from call to call, so that records made within
 * one millisecond still sort in the order they were made.
 */
export function now(): number {
  latest = Math.max(Date.now(), latest + 1);
  return latest;
}

/** A timestamp the way the backend prints template dates: ISO 8601 in UTC, to the second. */
export const isoSeconds = (millis: number): string => new Date(millis).toISOString().replace(/\.\d{3}Z$/, "Z");
