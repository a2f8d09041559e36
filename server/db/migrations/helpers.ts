import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type Expression, type Kysely } from 'kysely';

/** Whether the migration runs on PostgreSQL (else SQLite). */
export const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');

/** An auto-increment integer primary key in both dialects. */
export function idColumn(
  db: Kysely<unknown>,
): [ColumnDataType | Expression<unknown>, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db) ? [sql`serial`, (c) => c.primaryKey()] : ['integer', (c) => c.primaryKey().autoIncrement()];
}
