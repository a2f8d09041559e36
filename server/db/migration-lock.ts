import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { dialectOf, type Db } from './kysely.ts';

/**
 * Runs `work` while no other process (or connection) migrates the same database, so processes
 * started together migrate it once and the others find it up to date.
 *
 * PostgreSQL needs nothing here: Kysely's migrator already holds a session-level advisory lock
 * (pg_advisory_lock on a fixed key) around reading and applying migrations. SQLite has no such lock
 * (Kysely assumes a single connection), so the lock is an exclusive transaction on a small file next
 * to the database: the operating system drops it when its holder exits, even by SIGKILL.
 */
export async function withMigrationLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'sqlite') return work();
  const { rows } = await sql<{ file: string }>`SELECT file FROM pragma_database_list WHERE name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) return work(); // an in-memory database belongs to one connection

  const lock = new Database(`${file}-migrate.lock`, { timeout: 0 });
  try {
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE');
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
        await sleep(50); // waits without blocking this process: its own holder may be running here
      }
    }
    return await work();
  } finally {
    if (lock.inTransaction) lock.exec('ROLLBACK');
    lock.close();
  }
}
