import { foreignKeyViolation, invalidUuid, isUuid, uniqueViolation } from "../de-database-errors.js";
import { EchoError } from "./echo-errors.js";

/**
 * The DE database's refusals of a write, which the service answers with 500 whatever caused them
 * (httphandlers/favorites.go, userdefaults.go, globaldefaults.go: `echo.NewHTTPError(500, err.Error())`), checked in
 * PostgreSQL's order: a uuid column's value first, then unique constraints, then foreign keys.
 */
const refused = (message: string) => new EchoError(500, message);

export function uuidColumn(value: string): string {
  if (!isUuid(value)) throw refused(invalidUuid(value));
  return value;
}

export function unique(table: string, columns: readonly string[], taken: boolean): void {
  if (taken) throw refused(uniqueViolation(table, columns));
}

export function foreignKey(table: string, column: string, found: boolean): void {
  if (!found) throw refused(foreignKeyViolation(table, column));
}
