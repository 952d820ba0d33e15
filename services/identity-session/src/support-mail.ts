/** What the support form sends: the sender's address, a subject and the form's fields. */
export interface SupportRequest {
  email?: string | undefined;
  subject?: unknown;
  fields: Record<string, unknown>;
}

function fieldValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(fieldValue).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The mail body: one `key: value` line per field. */
export const supportMailText = (fields: Record<string, unknown>): string =>
  Object.entries(fields)
    .map(([key, value]) => `${key}: ${fieldValue(value)}`)
    .join("\n");

/** The submitted subject on one line, or "<platform> Support Request" when it is missing, blank or not text. */
export function supportMailSubject(subject: unknown, platformShortName: string): string {
  const line = typeof subject === "string" ? subject.replace(/[\r\n]+/g, " ").trim() : "";
  return line || `${platformShortName} Support Request`;
}
