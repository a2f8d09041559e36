import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_DETAIL } from '../../server/errors.ts';
import { tempDir } from './support/media-fixtures.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * A database that goes away for a moment (PostgreSQL restarted, failed over or told to end its
 * connections; a SQLite file locked past busy_timeout) costs the requests that meet it a 503 with
 * Retry-After, never the process: its broken connections are dropped and new ones opened.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

/** Runs `sql` on the PostgreSQL server of this run as its own connection (an operator's psql). */
async function asOperator(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
const endConnectionsOf = (database: string) =>
  asOperator(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`);

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

// The pool and its connections exist on PostgreSQL only: SQLite's one file has nothing to end.
describe.runIf(pgUrl)('a server process whose PostgreSQL connections are all ended (a restart)', () => {
  it('stays up, says so in one line per lost connection, and serves the next requests on new connections', async () => {
    const name = `kopilka_pool_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await asOperator(`CREATE DATABASE ${name}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${name}`;
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const dataDir = await tempDir('kopilka-pool-');
    const { DATABASE_URL: _ignored, MEDIA_STORAGE: _local, ...inherited } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...inherited,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SECRET_KEY: 'pool-test-secret-key-that-is-long-enough-0123',
        SERVE_WEB: 'false',
        SKIP_WEB_BUILD: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; !output.includes('Копилка работает'); i++) {
        if (child.exitCode !== null || i > 300) throw new Error(`the server did not start: ${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const login = () =>
        fetch(`${base}/api/auth/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
        });
      // Several at once: the pool holds several idle connections afterwards (and the worker its own).
      // Four logins in all: the fifth failed one of an address would be throttled.
      expect((await Promise.all([login(), login(), login()])).map((r) => r.status)).toEqual([401, 401, 401]);

      await endConnectionsOf(name);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(child.exitCode, output).toBeNull();
      expect(output).toMatch(/a database connection was lost \(terminating connection due to administrator command\)/);
      expect((await login()).status).toBe(401);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
      await exited;
      await asOperator(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }, 60_000);
});
