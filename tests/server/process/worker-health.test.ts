import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/media-fixtures.ts';
import { freePort, root } from '../../support/processes.ts';

/**
 * The worker's own healthcheck (issue 46, R9): it has no port, so the image's HEALTHCHECK
 * (server/process/healthcheck.mjs) reads the file its job loop keeps fresh in the temporary folder; without
 * that file it asks the API's ready endpoint, which nothing answers here.
 */
describe('the worker process’s healthcheck', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('passes while its job loop runs, and fails once it stopped', { timeout: 60_000 }, async () => {
    const dir = await tempDir('kopilka-worker-health-');
    dirs.push(dir);
    const tmp = path.join(dir, 'tmp');
    mkdirSync(tmp);
    const { DATABASE_URL: _db, MEDIA_STORAGE: _s, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: path.join(dir, 'data'), TMPDIR: tmp, PORT: String(await freePort()), LOG_LEVEL: 'warn' };
    const check = () =>
      promisify(execFile)(process.execPath, ['server/process/healthcheck.mjs'], { cwd: root, env }).then(
        () => 0,
        (err: { code?: number }) => err.code ?? 1,
      );
    // Nothing runs: no worker's file, and no API on PORT.
    expect(await check()).toBe(1);

    const worker = spawn(process.execPath, ['--import', 'tsx', 'server/process/worker.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    worker.stdout.on('data', (d) => (out += d));
    worker.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 40_000;
      while (!out.includes('worker started')) {
        if (worker.exitCode !== null || Date.now() > deadline) throw new Error(`the worker did not start: ${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(existsSync(path.join(tmp, 'kopilka-worker-alive'))).toBe(true);
      expect(await check()).toBe(0);
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(existsSync(path.join(tmp, 'kopilka-worker-alive'))).toBe(false);
    expect(await check()).toBe(1);
  });
});
