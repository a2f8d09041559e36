import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from './until.ts';

/**
 * Tools for the tests (and benchmarks) that start real processes: the server's, the deployment's, the faults'.
 * `root`: the repository, where `npm start` runs.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it holds; on time-out the error carries the end of the process's log. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, log?: string): Promise<void> {
  // A check that throws (nothing listening yet) counts as not up yet.
  const up = await until(what, () => check().catch(() => false), timeoutMs, 150).then(
    () => true,
    () => false,
  );
  if (up) return;
  const tail = log && existsSync(log) ? `\n--- ${log}:\n${readFileSync(log, 'utf8').slice(-3000)}` : '';
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s${tail}`);
}

/** Kills a process group (the process and whatever it started) at once. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** A server process a test started: what it has written so far, and its end. */
export interface ApiProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Both streams as they came, interleaved. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (SIGKILL unless said) unless it has already ended, and resolves once it has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * `server/process/api.ts` as the real process `npm start` runs, on loopback and without building the web app, on a
 * SQLite of its own (the test run's DATABASE_URL is left out); `env` adds settings (PORT, DATA_DIR, SECRET_KEY …)
 * or overrides these.
 */
export function startApiProcess(env: Record<string, string>): ApiProcess {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/process/api.ts'], {
    cwd: root,
    env: { ...inherited, SKIP_WEB_BUILD: '1', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let both = '';
  child.stdout.on('data', (d) => {
    out += d;
    both += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
    both += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    output: () => both,
    exited,
    async stop(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
