import { Problem } from "../framework/problems.js";

/**
 * An exception the service lets through: clojure-commons' unchecked handler answers it 500 with the exception's text
 * as `reason` (clojure-commons exception.clj unchecked-handler).
 */
export const uncheckedException = (text: string) => new Problem(500, "ERR_UNCHECKED_EXCEPTION", text);

/** PostgreSQL refusing a row, as the JDBC driver's exception reads. */
const refusedRow = (error: string, detail: string) =>
  uncheckedException(`org.postgresql.util.PSQLException: ERROR: ${error}\n  Detail: ${detail}`);

/** A unique constraint or primary key broken by a row whose `column` is `value`. */
export const duplicateKey = (constraint: string, column: string, value: string) =>
  refusedRow(
    `duplicate key value violates unique constraint "${constraint}"`,
    `Key (${column})=(${value}) already exists.`,
  );

/** A check constraint broken by a row. */
export const checkViolation = (table: string, constraint: string, row: string) =>
  refusedRow(
    `new row for relation "${table}" violates check constraint "${constraint}"`,
    `Failing row contains (${row}).`,
  );
