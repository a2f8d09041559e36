import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres');

/** An auto-increment integer primary key in both dialects. */
export function idColumn(db: Kysely<any>): [any, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db) ? [sql`serial`, (c) => c.primaryKey()] : ['integer', (c) => c.primaryKey().autoIncrement()];
}
