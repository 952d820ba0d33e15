import { parseGoRfc3339 } from "@de-gateway/service-kit";
import { invalidRequestBody } from "./service-errors.js";

/** common/times.go FixTimestamp: empty and all-digit texts are kept, RFC 3339 times become epoch milliseconds. */
function fixTimestamp(text: string): string | undefined {
  if (text === "" || /^\d+$/.test(text)) return text;
  const millis = parseGoRfc3339(text);
  return millis === undefined ? undefined : String(millis);
}

/**
 * common/main.go FixTimestampInMap, as api/v1/notification_request.go applies it to `startdate` and `enddate`: a
 * number or a time is rewritten as a string of epoch milliseconds; anything else refuses the request.
 */
export function fixTimestampIn(payload: Record<string, unknown> | null, key: string): void {
  if (!payload || !(key in payload)) return;
  const refused = `unable to fix the timestamp in key '${key}'`;
  const value = payload[key];
  if (typeof value !== "string" && typeof value !== "number") throw invalidRequestBody(`${refused}: invalid data type`);
  const fixed = fixTimestamp(typeof value === "number" ? Math.trunc(value).toString() : value);
  if (fixed === undefined) {
    throw invalidRequestBody(`${refused}: unable to parse timestamp: parsing time "${value}"`);
  }
  payload[key] = fixed;
}
