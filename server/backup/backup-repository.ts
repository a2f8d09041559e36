import { sql } from 'kysely';
import type { Db } from '../db/kysely.ts';

/** The file columns of a media row: each names a stored key (or is null). */
const FILE_COLUMNS = ['original_key', 'playable_key', 'thumbnail_key', 'preview_key', 'poster_key'] as const;

/** The SQL of backups and restores: which keys the rows name, whether a database is empty, the rows a restore drops. */
export class BackupRepository {
  constructor(private readonly db: Db) {}

  /** Every stored key a row names (a record's files, an account's avatar), sorted, without repeats. */
  async namedKeys(): Promise<string[]> {
    const keys = new Set<string>();
    for (const row of await this.db.selectFrom('media').select(FILE_COLUMNS).execute())
      for (const column of FILE_COLUMNS) if (row[column]) keys.add(row[column]);
    for (const row of await this.db.selectFrom('users').select('photo_key').where('photo_key', 'is not', null).execute())
      if (row.photo_key) keys.add(row.photo_key);
    return [...keys].sort();
  }

  /** PostgreSQL: whether the connection's schema has no table at all (a restore goes only into an empty database). */
  async postgresIsEmpty(): Promise<boolean> {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(this.db);
    return Number(rows[0]?.n ?? 0) === 0;
  }

  /** PostgreSQL: opens a read-only repeatable-read transaction on this connection and exports its snapshot for pg_dump. */
  async exportSnapshot(): Promise<string> {
    await sql`begin isolation level repeatable read read only`.execute(this.db);
    const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(this.db);
    return rows[0]!.id;
  }

  async endSnapshot(): Promise<void> {
    await sql`commit`.execute(this.db);
  }

  /**
   * After a restore: unfinished resumable uploads are dropped (their staged bytes are not part of a
   * backup; the browser starts them again), with their locks. The journal entries that guarded them run
   * as usual and find nothing to remove.
   */
  async dropUnfinishedUploads(): Promise<number> {
    await this.db.deleteFrom('upload_locks').execute();
    const res = await this.db.deleteFrom('uploads').executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
