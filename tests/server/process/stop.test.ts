import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../support/media-fixtures.ts';
import { freePort, killGroup, root } from '../../support/processes.ts';

/** The file the tests download: big enough that a slow reader takes seconds over it. */
const FILE_BYTES = 24 * 1024 * 1024;
/** How fast the test's client reads: 24 MiB take about 4 s. */
const READ_BYTES_PER_S = 6 * 1024 * 1024;
const START_WAIT_MS = 50_000;

interface Started {
  npm: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `npm start` exactly as a person (or pm2, supervisord, a `CMD ["npm","start"]`) runs it, in a process group
 * of its own so that the test can clear up whatever a failure leaves. Its own PID is npm's.
 */
async function npmStart(dir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const { DATABASE_URL: _db, MEDIA_STORAGE: _s, ...inherited } = process.env;
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      OUT_DIR: path.join(dir, 'out'),
      SKIP_WEB_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  npm.stdout.on('data', (d) => (out += d));
  npm.stderr.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    npm.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + START_WAIT_MS;
  while (!out.includes('Копилка работает')) {
    if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { npm, port, output: () => out, exited };
}

/** GET `url`, read at READ_BYTES_PER_S; resolves with the bytes received and whether the answer ended whole. */
function slowDownload(url: string, onFirstBytes: () => void): Promise<{ bytes: number; complete: boolean }> {
  return new Promise((resolve) => {
    let bytes = 0;
    let first = true;
    const req = http.get(url, (res) => {
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (first) {
          first = false;
          onFirstBytes();
        }
        res.pause();
        setTimeout(() => res.resume(), (chunk.length / READ_BYTES_PER_S) * 1000);
      });
      res.on('end', () => resolve({ bytes, complete: res.complete }));
      res.on('error', () => resolve({ bytes, complete: false }));
      res.on('aborted', () => resolve({ bytes, complete: false }));
    });
    req.on('error', () => resolve({ bytes, complete: false }));
  });
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get(`http://127.0.0.1:${port}/api/health/`, () => resolve(false));
    req.on('error', () => resolve(true));
  });

const logLines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; requests?: number });

/**
 * Stopping (issue 46, R3): SIGTERM sent to `npm start`'s own PID reaches the server (the scripts `exec` node, so
 * npm's forwarded signal is not lost in a shell), which lets the downloads under way finish within
 * SHUTDOWN_GRACE_S, frees the port and exits 0; past the grace it cuts them and says how many.
 */
describe('npm start, stopped with SIGTERM to its own PID', () => {
  let dir: string;
  let started: Started | undefined;

  afterEach(async () => {
    if (started && started.npm.exitCode === null) killGroup(started.npm.pid!);
    started = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function withBigFile(): Promise<void> {
    dir = await tempDir('kopilka-stop-');
    mkdirSync(path.join(dir, 'out'), { recursive: true });
    writeFileSync(path.join(dir, 'out', 'index.html'), '<!doctype html><title>Копилка</title>');
    writeFileSync(path.join(dir, 'out', 'big.bin'), randomBytes(FILE_BYTES));
  }

  it('lets a download under way finish, frees the port and exits 0', { timeout: START_WAIT_MS + 40_000 }, async () => {
    await withBigFile();
    started = await npmStart(dir, { SHUTDOWN_GRACE_S: '30', LOG_LEVEL: 'info' });
    const { npm, port } = started;
    const t0 = performance.now();
    const download = slowDownload(`http://127.0.0.1:${port}/big.bin`, () => npm.kill('SIGTERM'));
    const got = await download;
    expect(got).toEqual({ bytes: FILE_BYTES, complete: true });
    const { code, signal } = await started.exited;
    expect({ code, signal }, started.output()).toEqual({ code: 0, signal: null });
    expect(performance.now() - t0).toBeLessThan(30_000);
    expect(await portIsFree(port)).toBe(true);
    const said = logLines(started.output()).map((l) => l.msg);
    expect(said).toContain('stopping (SIGTERM): 1 request(s) under way');
    expect(
      said.some((m) => /^stopped in \d+\.\d s$/.test(m)),
      said.join('\n'),
    ).toBe(true);
  });

  it(
    'cuts what is still under way after SHUTDOWN_GRACE_S, says how many, and still exits 0',
    { timeout: START_WAIT_MS + 40_000 },
    async () => {
      await withBigFile();
      started = await npmStart(dir, { SHUTDOWN_GRACE_S: '1', LOG_LEVEL: 'warn' });
      const { npm, port } = started;
      const got = await slowDownload(`http://127.0.0.1:${port}/big.bin`, () => npm.kill('SIGTERM'));
      expect(got.complete).toBe(false);
      expect(got.bytes).toBeLessThan(FILE_BYTES);
      const { code, signal } = await started.exited;
      expect({ code, signal }, started.output()).toEqual({ code: 0, signal: null });
      expect(await portIsFree(port)).toBe(true);
      const cut = logLines(started.output()).find((l) => l.msg.includes('are cut'));
      expect(cut, started.output()).toMatchObject({
        requests: 1,
        msg: 'stopping: 1 request(s) still under way after SHUTDOWN_GRACE_S=1 s are cut',
      });
    },
  );
});
