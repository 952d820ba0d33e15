/** Whether a JSON value is an object: not an array, not null. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A JSON object's fields, none for anything else (as Clojure destructures a value that is not a map). */
export const objectFields = (value: unknown): Record<string, unknown> => (isJsonObject(value) ? value : {});
