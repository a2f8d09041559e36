import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../server/db/kysely.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { tempDir } from '../support/media-fixtures.ts';
import { createDatabase, dropDatabase, pgUrl } from '../support/pg-operator.ts';
import { root } from '../../support/processes.ts';

/**
 * Several processes starting together all migrate the same fresh database: every one of them
 * succeeds and each migration runs exactly once. Runs on the suite's database kind: a temp SQLite
 * file, or a fresh database on the PostgreSQL server of DATABASE_URL.
 */
const N = 4;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A DATABASE_URL of a database nobody has migrated yet. */
async function freshDatabaseUrl(): Promise<string> {
  const dir = await tempDir('kopilka-migrate-');
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  if (!pgUrl) return `sqlite:${path.join(dir, 'kopilka.sqlite')}`;
  const { name, url } = await createDatabase('kopilka_migrate');
  cleanups.push(() => dropDatabase(name));
  return url;
}

function open(url: string): Db {
  return url.startsWith('sqlite:')
    ? createDb({ dialect: 'sqlite', file: url.slice('sqlite:'.length) })
    : createDb({ dialect: 'postgres', url });
}

/** Which migrations the database has recorded, and how often each. */
async function recorded(url: string): Promise<Record<string, number>> {
  const db = open(url);
  try {
    const rows = await sql<{
      name: string;
      n: number | string;
    }>`SELECT name, COUNT(*) AS n FROM kysely_migration GROUP BY name ORDER BY name`.execute(db);
    return Object.fromEntries(rows.rows.map((r) => [r.name, Number(r.n)]));
  } finally {
    await db.destroy();
  }
}

/** `npm run migrate`'s program, as its own process. */
function migrateProcess(url: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/process/migrate.ts'], {
    cwd: root,
    env: { ...inherited, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('migrations started together', () => {
  it(`${N} migrate() calls at once, each on its own connection, all succeed and every migration is recorded once`, async () => {
    const url = await freshDatabaseUrl();
    const dbs = Array.from({ length: N }, () => open(url));
    try {
      const results = await Promise.allSettled(dbs.map((db) => migrate(db)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(Array(N).fill('ok'));
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
    const counts = await recorded(url);
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(6);
    expect(
      Object.values(counts).every((n) => n === 1),
      JSON.stringify(counts),
    ).toBe(true);
  });

  it(`${N} \`npm run migrate\` processes at once all exit 0; exactly one of them applies the migrations`, async () => {
    const url = await freshDatabaseUrl();
    const dataDir = await tempDir('kopilka-migrate-data-');
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const runs = await Promise.all(Array.from({ length: N }, () => migrateProcess(url, dataDir)));
    for (const run of runs) expect(run.code, run.output).toBe(0);
    const counts = await recorded(url);
    expect(Object.keys(counts)).toContain('001-accounts');
    expect(
      Object.values(counts).every((n) => n === 1),
      JSON.stringify(counts),
    ).toBe(true);
    // The one that found the database empty names what it applied; the others find nothing to do.
    expect(runs.filter((r) => r.output.includes('applied 001-accounts'))).toHaveLength(1);
    expect(runs.filter((r) => r.output.includes('up to date'))).toHaveLength(N - 1);
    // Two minutes: four processes starting at once on two cores shared with other test runs took over 30 s.
  }, 120_000);
});
