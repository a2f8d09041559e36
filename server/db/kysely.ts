import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DB } from './types.ts';

export type Db = Kysely<DB>;
export type Dialect = 'sqlite' | 'postgres';

export function createDb(database: Config['database']): Db {
  if (database.dialect === 'postgres') {
    // BIGINT/COUNT come back as strings by default; our ids and counts fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 10 }) }) });
  }
  const sqlite = new Database(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter.constructor.name.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite';
}
