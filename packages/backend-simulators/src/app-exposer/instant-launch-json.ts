import { echoError } from "./errors.js";

/** What app-exposer answers a body it cannot decode into its Go structs (instantlaunches/mgmt.go). */
export const cannotParse = () => echoError(400, "cannot parse JSON");

export const fieldsOf = (value: unknown): Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw cannotParse();
  return value as Record<string, unknown>;
};

/** A string field as Go decodes it: absent or null is "", anything but a string is refused. */
export const text = (value: unknown): string => {
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw cannotParse();
  return value;
};

/** An instant launch as app-exposer decodes one (instantlaunches/main.go `InstantLaunch`): JSON null is empty. */
export const instantLaunchOf = (value: unknown) => {
  const fields = value === null ? {} : fieldsOf(value);
  return {
    id: text(fields.id),
    quick_launch_id: text(fields.quick_launch_id),
    added_by: text(fields.added_by),
    added_on: text(fields.added_on),
  };
};
