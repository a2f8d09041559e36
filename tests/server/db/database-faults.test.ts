import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_DETAIL } from '../../../server/http/errors.ts';
import { asOperator, endConnectionsOf, pgUrl } from '../support/pg-operator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A database that goes away for a moment (PostgreSQL restarted, failed over or told to end its
 * connections; a SQLite file locked past busy_timeout) costs the requests that meet it a 503 with
 * Retry-After, never the process: its broken connections are dropped and new ones opened.
 */
describe('requests while the database is unavailable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = () =>
    t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'nobody@example.com', password: 'wrong-password' } });

  it('answer 503 with Retry-After and the Russian message, and the next ones are served again', async () => {
    expect((await login()).statusCode).toBe(401);
    let restore: () => Promise<void>;
    if (pgUrl) {
      // The database refuses new connections and ends the open ones, as a server going down does.
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
      const name = rows[0]!.name;
      await asOperator(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await endConnectionsOf(name);
      restore = () => asOperator(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    } else {
      // Another process holds the file's write lock past busy_timeout (5 s).
      const { rows } = await sql<{ file: string }>`SELECT file FROM pragma_database_list WHERE name = 'main'`.execute(t.db);
      const other = new Database(rows[0]!.file);
      other.exec('BEGIN EXCLUSIVE');
      restore = async () => {
        other.exec('ROLLBACK');
        other.close();
      };
    }
    try {
      const res = await login();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ detail: DATABASE_UNAVAILABLE_DETAIL });
      expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    } finally {
      await restore();
    }
    expect((await login()).statusCode).toBe(401);
  }, 20_000);
});
