/**
 * How the DE database (PostgreSQL, through Go's lib/pq) words the refusals the services that share it pass on: an
 * id that is no UUID for a uuid column, a row another table's foreign key does not find, a value a unique constraint
 * already holds, a null a column refuses. Constraint names are PostgreSQL's defaults for the tables' declarations
 * (cyverse-de/de-database migrations/000010_quick_launches_instant_launches.up.sql, 000020_constraint_normalization).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/** Go's `sql.ErrNoRows`, which the services return as it is when a lookup finds nothing. */
export const NO_ROWS = "sql: no rows in result set";

export const invalidUuid = (value: string) => `pq: invalid input syntax for type uuid: "${value}"`;

export const foreignKeyViolation = (table: string, column: string) =>
  `pq: insert or update on table "${table}" violates foreign key constraint "${table}_${column}_fkey"`;

/** A delete of a row another table's foreign key (without `ON DELETE`) still names. */
export const referencedRowDeleted = (table: string, referencing: string, column: string) =>
  `pq: update or delete on table "${table}" violates foreign key constraint "${referencing}_${column}_fkey" on table "${referencing}"`;

export const uniqueViolation = (table: string, columns: readonly string[]) =>
  `pq: duplicate key value violates unique constraint "${table}_${columns.join("_")}_key"`;

export const notNullViolation = (table: string, column: string) =>
  `pq: null value in column "${column}" of relation "${table}" violates not-null constraint`;
