const TRUE = new Set(["1", "t", "T", "TRUE", "true", "True"]);
const FALSE = new Set(["0", "f", "F", "FALSE", "false", "False"]);

/** A flag as Go's strconv.ParseBool reads it, which the Go backends use for theirs; anything else is undefined. */
export function parseGoBool(text: string): boolean | undefined {
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return undefined;
}

/** The message strconv.ParseBool's error gives, wrapped as the backends wrap it (`invalid query parameter: <name>`). */
export const goBoolError = (name: string, text: string) =>
  `invalid query parameter: ${name}: strconv.ParseBool: parsing "${text}": invalid syntax`;
