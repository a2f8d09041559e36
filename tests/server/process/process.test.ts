import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../../server/db/migrate.ts';
import { VERSION } from '../../../server/version.ts';
import { tempDir } from '../support/media-fixtures.ts';
import { makeReadOnly } from '../support/read-only-folder.ts';
import { s3TestEnv } from '../support/test-storage.ts';
import { freePort, startApiProcess, type ApiProcess } from '../../support/processes.ts';

/** `server/process/api.ts` as the real process `npm start` runs: start, serve, stop; refuse bad config. */

/** How long a start may take before the test gives up on it (below the suite's 60 s hook timeout). */
const START_WAIT_MS = 50_000;

describe('the server process', () => {
  let dir: string;
  let port: number;
  let server: ApiProcess;
  let base: string;
  const leftovers: { stale: string; fresh: string; orphan: string } = { stale: '', fresh: '', orphan: '' };

  beforeAll(async () => {
    dir = await tempDir('kopilka-process-');
    const outDir = path.join(dir, 'out');
    mkdirSync(outDir);
    writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>Копилка</title><p>главная</p>');
    // What a killed earlier run left behind under DATA_DIR/media.
    const media = path.join(dir, 'data', 'media', 'u', '3', 'audio');
    mkdirSync(media, { recursive: true });
    const hoursAgo = new Date(Date.now() - 3 * 60 * 60 * 1000);
    for (const [name, file] of [
      ['stale', 'Xy12.upload'],
      ['fresh', 'Zz34.upload'],
      ['orphan', 'Xy12.webm'],
    ] as const) {
      leftovers[name] = path.join(media, file);
      writeFileSync(leftovers[name], 'x');
      if (name !== 'fresh') utimesSync(leftovers[name], hoursAgo, hoursAgo);
    }
    const stalePart = path.join(media, 'Xy12.webm.00aa11bb22cc.part');
    writeFileSync(stalePart, 'x');
    utimesSync(stalePart, hoursAgo, hoursAgo);

    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startApiProcess({ PORT: String(port), DATA_DIR: path.join(dir, 'data'), OUT_DIR: outDir });
    // Starting takes a few seconds alone and near 20 on two cores shared with other test runs (tsx
    // compiles the server as it loads); what this waits for is the start, not how fast it is.
    const deadline = Date.now() + START_WAIT_MS;
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`server exited early: ${server.stderr()}`);
      try {
        if ((await fetch(`${base}/api/health/`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not start: ${server.stdout()}${server.stderr()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /api/health/ with {"status":"ok"}', async () => {
    const res = await fetch(`${base}/api/health/`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('serves the static export at /', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('главная');
  });

  it('says at start, whatever LOG_LEVEL hides, its version, database, storage, data folder, jobs and migrations', () => {
    const lines = server
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const data = path.join(dir, 'data');
    const start = lines.find((l) => l.msg === `Копилка ${VERSION} (API) starting`);
    expect(start, server.stdout()).toMatchObject({
      level: 30,
      version: VERSION,
      database: `SQLite ${path.join(data, 'kopilka.sqlite')}`,
      storage: `local folder ${path.join(data, 'media')}`,
      dataDir: data,
      processes: 1,
      jobs: 'this process',
      migrations: MIGRATION_NAMES.join(', '),
    });
    expect(start!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(lines.map((l) => l.msg)).toContain(`Копилка работает: ${base}`);
    // Nothing but log lines: no plain console line mixed in.
    expect(
      server
        .stdout()
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('{')),
    ).toEqual([]);
  });

  it('keeps its generated SECRET_KEY in DATA_DIR', () => {
    expect(existsSync(path.join(dir, 'data', 'secret_key'))).toBe(true);
  });

  it('reconciles the storage at start: stale temp files and old bytes no row names go, fresh ones stay', async () => {
    const end = Date.now() + 10_000;
    while ((existsSync(leftovers.stale) || existsSync(leftovers.orphan)) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(leftovers.stale)).toBe(false);
    expect(existsSync(leftovers.orphan)).toBe(false);
    expect(existsSync(path.join(path.dirname(leftovers.stale), 'Xy12.webm.00aa11bb22cc.part'))).toBe(false);
    expect(existsSync(leftovers.fresh)).toBe(true);
  });

  it('shuts down gracefully on SIGTERM: exit code 0, promptly', async () => {
    const t0 = Date.now();
    server.child.kill('SIGTERM');
    const { code, signal } = await server.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - t0).toBeLessThan(5000); // its own forced exit would come at 10 s
    await expect(fetch(`${base}/api/health/`)).rejects.toThrow();
  });

  it('refuses a bad PORT: exit code 1 and exactly one stderr line naming PORT', async () => {
    const bad = startApiProcess({ PORT: 'abc', DATA_DIR: path.join(dir, 'bad'), OUT_DIR: path.join(dir, 'out') });
    const { code } = await bad.exited;
    expect(code).toBe(1);
    const lines = bad
      .stderr()
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PORT');
  });

  /** Starts process/api.ts with `env` and expects it to refuse: exit code 1 and exactly one stderr line, returned. */
  async function refusal(env: Record<string, string>): Promise<string> {
    const bad = startApiProcess({
      PORT: String(await freePort()),
      DATA_DIR: path.join(dir, 'refused'),
      OUT_DIR: path.join(dir, 'out'),
      ...env,
    });
    const { code } = await bad.exited;
    expect(code, bad.stderr()).toBe(1);
    const lines = bad
      .stderr()
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(lines, bad.stderr()).toHaveLength(1);
    return lines[0]!;
  }

  it('refuses PostgreSQL without SECRET_KEY: processes sharing a database must share the key', async () => {
    const line = await refusal({ DATABASE_URL: 'postgres://kopilka:secret@127.0.0.1:1/kopilka', SECRET_KEY: '' });
    expect(line).toMatch(/^Копилка: Missing SECRET_KEY: required with PostgreSQL/);
    expect(line).not.toContain('secret@');
  });

  it('refuses a DATA_DIR it cannot write, in one line naming the folder and the fix', async () => {
    const folder = path.join(dir, 'unwritable');
    mkdirSync(folder);
    const undo = makeReadOnly(folder);
    try {
      const line = await refusal({ DATA_DIR: folder });
      // As root the folder is a read-only mount (EROFS); as another user (the image's node) it is EACCES.
      expect(line).toMatch(
        process.getuid?.() === 0
          ? new RegExp(`^Копилка: DATA_DIR ${folder} is on a read-only file system \\(EROFS\\)`)
          : new RegExp(`^Копилка: DATA_DIR ${folder} is not writable by this process .*chown -R \\d+:\\d+ ${folder}`),
      );
    } finally {
      undo();
    }
  });

  it('refuses S3 media storage without SECRET_KEY', async () => {
    const line = await refusal({ ...s3TestEnv(), SECRET_KEY: '' });
    expect(line).toMatch(/^Копилка: Missing SECRET_KEY: required with S3 media storage/);
  });

  it('refuses a bucket that does not answer, in one line that names it and keeps the keys to itself', async () => {
    const env = s3TestEnv();
    const missing = new URL(env.MEDIA_STORAGE!);
    missing.hostname = 'no-such-bucket-here';
    const line = await refusal({ ...env, MEDIA_STORAGE: missing.toString(), SECRET_KEY: 'process-test-secret-key-0123456789abcdef' });
    expect(line).toMatch(/^Копилка: MEDIA_STORAGE: bucket no-such-bucket-here at http:\/\/127\.0\.0\.1:\d+ is not usable: no such bucket$/);
    expect(line).not.toContain(env.AWS_SECRET_ACCESS_KEY);
  });

  it('starts on S3 media storage and serves', { timeout: START_WAIT_MS + 20_000 }, async () => {
    const s3Port = await freePort();
    const s3 = startApiProcess({
      PORT: String(s3Port),
      DATA_DIR: path.join(dir, 's3'),
      OUT_DIR: path.join(dir, 'out'),
      ...s3TestEnv(),
      SECRET_KEY: 'process-test-secret-key-0123456789abcdef',
    });
    try {
      const deadline = Date.now() + START_WAIT_MS;
      let status = 0;
      while (status !== 200 && Date.now() < deadline && s3.child.exitCode === null) {
        status = await fetch(`http://127.0.0.1:${s3Port}/api/health/`).then(
          (r) => r.status,
          () => 0,
        );
        if (status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status, s3.stderr()).toBe(200);
    } finally {
      s3.child.kill('SIGTERM');
      await s3.exited;
    }
  });
});
