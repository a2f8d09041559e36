import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Pool } from 'undici';
import { newUserRow } from '../server/accounts/users.ts';
import { AuthRepository } from '../server/auth/repository.ts';
import { Sessions } from '../server/auth/sessions.ts';
import { systemClock } from '../server/clock.ts';
import { createDb, type Db } from '../server/db/kysely.ts';
import type { NewMedia } from '../server/db/types.ts';
import { migrate } from '../server/db/migrate.ts';
import { freePort } from '../tests/support/processes.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The process counts (WEB_CONCURRENCY) the profile and list figures are printed for. */
export const PROCESS_COUNTS = [1, 2];

export const SECRET = 'bench-secret-key-that-is-long-enough-0123456789';

/** A whole number above 0 from the environment variable `name` (a bench's size), else the fallback. */
export const knob = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};

/**
 * A fresh data folder: a migrated SQLite database with one confirmed user and a session of theirs (`token`: its
 * access token, signed with SECRET). The caller adds rows through `db`, then destroys it before starting the server.
 */
export async function benchData(prefix: string): Promise<{ dataDir: string; db: Db; userId: number; token: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const db = createDb({ dialect: 'sqlite', file: path.join(dataDir, 'kopilka.sqlite') });
  await migrate(db);
  const { id, access } = await insertBenchUser(db, 'bench');
  return { dataDir, db, userId: id, token: access };
}

/**
 * A confirmed user `name` (e-mail `name@example.com`, signing in with the password of `passwordHash` when one is
 * given) and the access token of a new session of theirs (signed with SECRET).
 */
export async function insertBenchUser(db: Db, name: string, passwordHash = 'x'): Promise<{ id: number; access: string }> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values(
      newUserRow(
        {
          email: `${name}@example.com`,
          username: name,
          first_name: 'Bench',
          last_name: 'User',
          password_hash: passwordHash,
          is_email_verified: 1,
        },
        now,
      ),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const { access } = (await new Sessions(new AuthRepository(db), SECRET, systemClock).start(id, 0))!;
  return { id, access };
}

/**
 * The variables `npm start` sets before its command (package.json's script: `NAME=value … tsx …`), which a
 * server started here without npm gets too, so that the bench measures what `npm start` runs.
 */
export function startScriptEnvironment(): Record<string, string> {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return Object.fromEntries([...(/^(?:\w+=\S+\s+)*/.exec(scripts.start!)?.[0] ?? '').matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
}

/**
 * A port for a server of the bench: any free one, or with BENCH_PORTS=first-last (e.g. `3481-3489`, when several
 * people bench on one machine) the next free one of that range, in turn.
 */
let nextInRange = 0;
export async function benchPort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return freePort();
  const [first, last] = [Number(range[1]), Number(range[2])];
  for (let tried = 0; tried <= last - first; tried++) {
    const port = first + (nextInRange++ % (last - first + 1));
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in BENCH_PORTS=${process.env.BENCH_PORTS}`);
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The real server (`server/process/api.ts`, or `script`) as one node process on loopback, so its memory can be
 * read from /proc; with WEB_CONCURRENCY > 1 in `env`, that process's forks, once every one listens (within
 * `startMs`: 30 s unless given; each fork compiles the TypeScript again, slow on a busy machine).
 */
export async function startServer(env: Record<string, string>, script = 'server/process/api.ts', startMs = 30_000): Promise<ServerProcess> {
  const processes = Number(env.WEB_CONCURRENCY ?? 1);
  const port = await benchPort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    // The static export goes beside the data (OUT_DIR), so that a bench never writes into the tree's own.
    env: {
      ...process.env,
      ...startScriptEnvironment(),
      HOST: '127.0.0.1',
      PORT: String(port),
      SECRET_KEY: SECRET,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...(env.DATA_DIR ? { OUT_DIR: path.join(env.DATA_DIR, 'out') } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && (processes <= 1 || output.includes(`(${processes} processes)`))) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`server did not start: ${output}`);
  }
  return {
    child,
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    },
  };
}

/**
 * Runs `measure` against the real server on `dataDir` with each of PROCESS_COUNTS processes (WEB_CONCURRENCY,
 * and `env`), one after another, each server stopped after its turn.
 */
export async function withEachProcessCount(
  dataDir: string,
  env: Record<string, string> | undefined,
  measure: (server: ServerProcess, processes: number) => Promise<void>,
): Promise<void> {
  for (const processes of PROCESS_COUNTS) {
    const server = await startServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: String(processes), ...(env ?? {}) });
    try {
      await measure(server, processes);
    } finally {
      await server.stop();
    }
  }
}

/** Media rows inserted 200 to a statement (SQLite takes at most 32,766 parameters in one). */
export async function insertMediaRows(db: Db, rows: readonly NewMedia[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('media')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Resident memory of a process in bytes (Linux /proc), or null elsewhere. */
export function rssOf(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Runs `work` while reading the process's resident memory every 20 ms, half a second after the warm-up before
 * it has settled: its result, the RSS before, and the highest seen.
 */
export async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; baseline: number; peak: number }> {
  await new Promise((r) => setTimeout(r, 500));
  const baseline = rssOf(pid) ?? 0;
  let peak = baseline;
  const sampler = setInterval(() => {
    const v = rssOf(pid);
    if (v && v > peak) peak = v;
  }, 20);
  try {
    return { result: await work(), baseline, peak };
  } finally {
    clearInterval(sampler);
  }
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  responses: number;
  errors: number;
  mbps: number;
}

/**
 * The load generator: wrk (Debian's package `wrk`, the tool the figures were taken with) where it
 * is installed, else undici in this process. wrk is written in C and takes a fraction of a core; undici
 * shares the machine's two cores with the server under test and its JavaScript costs about as much per
 * request as a small answer does, so its figures (p99 above all) describe the generator as much as the
 * server. WRK=0 forces undici.
 */
export const WRK = process.env.WRK !== '0' && spawnSync('wrk', ['--version']).error === undefined;
export const generatorName = WRK ? 'wrk (1 thread)' : 'undici in the bench process (install wrk for figures as the issue took them)';

/**
 * `connections` keep-alive connections each sending GET `path` back to back for `seconds`, after a
 * warm-up round; every answer must have status `expect` (200 unless given).
 */
type Load = (
  url: string,
  path: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  expect?: number,
) => Promise<LoadResult>;

export const load: Load = (...args) => (WRK ? loadWithWrk : loadWithUndici)(...args);

/** A command's output (stdout then stderr); a non-zero exit rejects with all of it in the message. */
export async function outputOf(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { ...options, maxBuffer: 64 * 1024 * 1024 });
    return stdout + stderr;
  } catch (err) {
    const e = err as { code?: unknown; stdout?: string; stderr?: string };
    throw new Error(`${command} exited ${String(e.code)}:\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: err });
  }
}

/** wrk's summary line "Latency Distribution … 50% 1.23ms" → milliseconds. */
function wrkMs(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n;
}

const WRK_SIZE = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;

const loadWithWrk: Load = async (url, path, headers, connections, seconds, expect = 200) => {
  // The same warm-up the undici generator does, and a check that the answer is the expected one (wrk
  // only counts statuses outside 2xx/3xx).
  const first = await fetch(url + path, { headers });
  await first.arrayBuffer();
  if (first.status !== expect) throw new Error(`status ${first.status}, expected ${expect}`);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url + path);
  const out = await outputOf('wrk', args);
  const pct = (p: number) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(out);
    if (!m) throw new Error(`wrk printed no ${p}% latency:\n${out}`);
    return wrkMs(m[1]!, m[2]!);
  };
  const requests = /(\d+) requests in ([\d.]+)(us|ms|s|m),\s+([\d.]+)(B|KB|MB|GB) read/.exec(out);
  if (!requests) throw new Error(`wrk printed no totals:\n${out}`);
  const responses = Number(requests[1]);
  const elapsed = wrkMs(requests[2]!, requests[3]!) / 1000;
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const errors = (socketErrors ? socketErrors.slice(1).reduce((n, v) => n + Number(v), 0) : 0) + (non2xx ? Number(non2xx[1]) : 0);
  return {
    rps: responses / elapsed,
    p50: pct(50),
    p99: pct(99),
    responses,
    errors,
    mbps: (Number(requests[4]) * WRK_SIZE[requests[5] as keyof typeof WRK_SIZE]) / elapsed,
  };
};

const loadWithUndici: Load = async (url, path, headers, connections, seconds, expect = 200) => {
  const pool = new Pool(url, { connections, pipelining: 1 });
  let bytes = 0;
  const once = async (): Promise<number> => {
    const t0 = performance.now();
    const res = await pool.request({ method: 'GET', path, headers });
    for await (const chunk of res.body) bytes += (chunk as Buffer).length;
    if (res.statusCode !== expect) throw new Error(`status ${res.statusCode}`);
    return performance.now() - t0;
  };
  try {
    await Promise.all(Array.from({ length: connections }, () => once()));
    const latencies: number[] = [];
    let errors = 0;
    bytes = 0;
    const start = performance.now();
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          try {
            latencies.push(await once());
          } catch {
            errors++;
          }
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      rps: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      responses: latencies.length,
      errors,
      mbps: bytes / elapsed,
    };
  } finally {
    await pool.close();
  }
};

export const describeLoad = (r: LoadResult) =>
  `${r.rps.toFixed(1).padStart(8)} req/s   p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   (${r.responses} responses, ${r.errors} errors, ${mb(r.mbps)} MB/s)`;

/** Bare Fastify (bench/bare.ts) answering every GET with `body` and `headers`. */
export async function startBare(body: Buffer, headers: Record<string, string>): Promise<ServerProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-bench-bare-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  const server = await startServer({ BARE_BODY: file, BARE_HEADERS: JSON.stringify(headers) }, 'bench/bare.ts');
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
