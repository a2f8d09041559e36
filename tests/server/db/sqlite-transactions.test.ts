import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedReader, createDb, type Db } from '../../../server/db/kysely.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { tempDir } from '../support/media-fixtures.ts';

/**
 * Several processes on one SQLite file (WEB_CONCURRENCY, `npm run worker`): a transaction holds the
 * write lock from its start, so a write another process commits meanwhile waits for it instead of
 * making the transaction's own later write fail with SQLITE_BUSY.
 */
describe('SQLite transactions beside another process', () => {
  let file: string;
  let db: Db;

  beforeAll(async () => {
    file = path.join(await tempDir('kopilka-sqlite-tx-'), 'kopilka.sqlite');
    db = createDb({ dialect: 'sqlite', file });
    await migrate(db);
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('takes the write lock as it begins, so a transaction that reads first can still write', async () => {
    // Another process's connection, not waiting for locks.
    const other = new Database(file);
    other.pragma('busy_timeout = 0');
    const now = new Date().toISOString();
    let otherWrite: unknown = null;
    try {
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('throttle_locks').selectAll().execute();
        try {
          other.prepare('INSERT INTO throttle_locks (key, touched_at) VALUES (?, ?)').run('other', now);
        } catch (err) {
          otherWrite = err;
        }
        await trx.insertInto('throttle_locks').values({ key: 'ours', touched_at: now }).execute();
      });
    } finally {
      other.close();
    }
    expect((otherWrite as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
    const keys = (await db.selectFrom('throttle_locks').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(['ours']);
  });
});

/**
 * The guard's read on every request goes through a connection of its own (committedReader): it must see
 * each commit at once, and never a write of a transaction still open on the main connection.
 */
/** The next turn of the event loop: where the server reads a request sent after a commit (at the latest). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the committed-data reader of SQLite', () => {
  let db: Db;
  let file: string;

  beforeAll(async () => {
    file = path.join(await tempDir('kopilka-sqlite-reader-'), 'kopilka.sqlite');
    db = createDb({ dialect: 'sqlite', file });
    await migrate(db);
  });

  afterAll(async () => {
    await db.destroy();
  });

  it('sees a commit at once and nothing of a transaction still open or rolled back', async () => {
    const reader = committedReader(db)!;
    expect(reader).toBeDefined();
    const sql = 'SELECT key FROM throttle_locks WHERE key = ?';
    const now = new Date().toISOString();
    expect(reader.get(sql, ['a'])).toBeUndefined();
    await db.insertInto('throttle_locks').values({ key: 'a', touched_at: now }).execute();
    expect(reader.get(sql, ['a'])).toEqual({ key: 'a' });

    const seenInside: unknown[] = [];
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('throttle_locks').values({ key: 'b', touched_at: now }).execute();
        await trx.deleteFrom('throttle_locks').where('key', '=', 'a').execute();
        seenInside.push(reader.get(sql, ['b']), reader.get(sql, ['a']));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seenInside).toEqual([undefined, { key: 'a' }]);
    expect(reader.get(sql, ['b'])).toBeUndefined();
    expect(reader.get(sql, ['a'])).toEqual({ key: 'a' });
  });

  it('sees a commit of its own process in the same turn, even one that ends a transaction it looked into', async () => {
    const reader = committedReader(db)!;
    const sql = 'SELECT key FROM throttle_locks WHERE key = ?';
    const now = new Date().toISOString();
    // No turn of the event loop passes between these (Kysely's promises are microtasks).
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('throttle_locks').values({ key: 't', touched_at: now }).execute();
      expect(reader.get(sql, ['t'])).toBeUndefined();
    });
    expect(reader.get(sql, ['t'])).toEqual({ key: 't' });
    await db.deleteFrom('throttle_locks').where('key', '=', 't').execute();
    expect(reader.get(sql, ['t'])).toBeUndefined();
  });

  it('keeps a row only while the database stands still: a commit by another connection or process is seen from the next turn', async () => {
    const reader = committedReader(db)!;
    // random() tells a read from a kept row: the same SQL and values read again give another number.
    const sql = 'SELECT key, random() AS r FROM throttle_locks WHERE key = ?';
    const now = new Date().toISOString();
    await db.insertInto('throttle_locks').values({ key: 'k', touched_at: now }).execute();
    const first = reader.get<{ key: string; r: number }>(sql, ['k'])!;
    expect(reader.get(sql, ['k'])).toEqual(first);
    // Each caller gets its own copy.
    first.key = 'changed';
    expect(reader.get<{ key: string }>(sql, ['k'])!.key).toBe('k');

    // Another process's connection (a second handle on the file) commits: the row is read anew by the next request,
    // which the server reads from its socket in a later turn of the event loop than the commit.
    const other = new Database(file);
    try {
      other.prepare('UPDATE throttle_locks SET touched_at = ? WHERE key = ?').run('2000-01-01T00:00:00.000Z', 'k');
      await nextTurn();
      const after = reader.get<{ r: number }>(sql, ['k'])!;
      expect(after.r).not.toBe(first.r);
      other.prepare('DELETE FROM throttle_locks WHERE key = ?').run('k');
      await nextTurn();
      expect(reader.get(sql, ['k'])).toBeUndefined();
      other.prepare('INSERT INTO throttle_locks (key, touched_at) VALUES (?, ?)').run('k', now);
      await nextTurn();
      expect(reader.get(sql, ['k'])).toMatchObject({ key: 'k' });
    } finally {
      other.close();
    }
  });

  it('sees every commit of another process from the next turn, one after another, and a row revoked between two reads', async () => {
    const reader = committedReader(db)!;
    const sql = 'SELECT key, touched_at FROM throttle_locks WHERE key = ?';
    await db.insertInto('throttle_locks').values({ key: 'p', touched_at: 'v0' }).execute();
    expect(reader.get(sql, ['p'])).toEqual({ key: 'p', touched_at: 'v0' });
    // Each write is another node process's commit (its own mapping of the WAL index), read right after it ends.
    const write = (statement: string, ...values: string[]) => {
      const child = spawnSync(
        process.execPath,
        [
          '-e',
          `const D = require('better-sqlite3'); const d = new D(process.argv[1]); d.prepare(process.argv[2]).run(...process.argv.slice(3)); d.close();`,
          file,
          statement,
          ...values,
        ],
        { cwd: process.cwd(), encoding: 'utf8' },
      );
      expect(child.stderr).toBe('');
    };
    for (let i = 1; i <= 5; i++) {
      write('UPDATE throttle_locks SET touched_at = ? WHERE key = ?', `v${i}`, 'p');
      await nextTurn();
      expect(reader.get(sql, ['p'])).toEqual({ key: 'p', touched_at: `v${i}` });
      expect(reader.get(sql, ['p'])).toEqual({ key: 'p', touched_at: `v${i}` });
    }
    write('DELETE FROM throttle_locks WHERE key = ?', 'p');
    await nextTurn();
    expect(reader.get(sql, ['p'])).toBeUndefined();
  });

  it('is not there on PostgreSQL, where the guard reads through Kysely', () => {
    const pg = createDb({ dialect: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    expect(committedReader(pg)).toBeUndefined();
    void pg.destroy();
  });
});
