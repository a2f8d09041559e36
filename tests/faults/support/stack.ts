import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { freePort, killGroup, root, waitFor } from '../../support/processes.ts';
import { S3RVER_CREDENTIALS } from '../../server/support/s3rver.ts';

/**
 * The scaled-out deployment of the guide, on loopback, with handles to break it: a throw-away PostgreSQL
 * (restartable as an operator restarts it), the S3-protocol test server (s3rver) as a process that can be
 * frozen (SIGSTOP: connections still accepted by the kernel, nothing answered), killed and started again
 * on the same folder and port, two API processes (RUN_JOBS=false) and two workers, each with a DATA_DIR of
 * its own, each killable and startable again (a worker with a clock of its own, through libfaketime).
 * Leases and timeouts are shortened so that the faults show within seconds.
 */

export interface Proc {
  name: string;
  log: string;
  child: ChildProcess | null;
  /** Starts it (again); `env` is added to the stack's environment for this start only. */
  start(env?: Record<string, string>): Promise<void>;
  /** SIGKILL, as a crash or an OOM kill does; waits until it is gone. */
  kill(): Promise<void>;
  alive(): boolean;
}

export interface Api extends Proc {
  port: number;
  url(pathname: string): string;
}

export interface Stack {
  databaseUrl: string;
  secretKey: string;
  pg: { restart(): Promise<void> };
  s3: Proc & { freeze(): void; thaw(): void; bucket: string; prefix: string; client: S3Client };
  apis: [Api, Api];
  workers: [Proc, Proc];
  /** The env a process of the stack gets (without PORT and DATA_DIR). */
  env: Record<string, string>;
  stop(): void;
}

/** The stack's time limits: a claim lasts 3 s unrenewed, a silent bucket fails a request after 2 s. */
export const JOB_LEASE_SECONDS = 3;
export const S3_TIMEOUT_SECONDS = 2;

const STATE = path.join(root, '.tmp', 'faults-state.json');

/** Stops what an earlier run left (its process groups, its PostgreSQL, its folder). */
export function stopFromState(): void {
  if (!existsSync(STATE)) return;
  const state = JSON.parse(readFileSync(STATE, 'utf8')) as { pids: number[]; pg: Record<string, string> | null; tmp: string | null };
  for (const pid of state.pids) killGroup(pid);
  if (state.pg)
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop'], { cwd: root, env: { ...process.env, ...state.pg }, stdio: 'ignore' });
  if (state.tmp) rmSync(state.tmp, { recursive: true, force: true });
  rmSync(STATE, { force: true });
}

/** libfaketime's multithreaded build (Debian's package `faketime`), for a process with a clock of its own. */
export function libfaketime(): string {
  const dirs = ['/usr/lib', ...readdirSync('/usr/lib').map((d) => path.join('/usr/lib', d))];
  const found = dirs.map((d) => path.join(d, 'faketime', 'libfaketimeMT.so.1')).find((f) => existsSync(f));
  if (!found) throw new Error('libfaketime is not installed: apt-get install faketime');
  return found;
}

export async function startStack(logDir: string): Promise<Stack> {
  stopFromState();
  mkdirSync(path.dirname(STATE), { recursive: true });
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const state = { pids: [] as number[], pg: null as Record<string, string> | null, tmp: null as string | null };
  const save = () => writeFileSync(STATE, JSON.stringify(state));
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'kopilka-faults-'));
  state.tmp = tmp;
  save();
  const stop = () => stopFromState();
  process.once('exit', stop);

  try {
    /** A process in its own group (so a kill takes what it started too), its output in its log. */
    const proc = (name: string, args: string[], env: () => Record<string, string>, ready: RegExp): Proc => {
      const log = path.join(logDir, `${name}.log`);
      const p: Proc = {
        name,
        log,
        child: null,
        async start(extra = {}) {
          const from = existsSync(log) ? readFileSync(log, 'utf8').length : 0;
          const out = openSync(log, 'a');
          const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
            cwd: root,
            env: { ...env(), ...extra },
            stdio: ['ignore', out, out],
            detached: true,
          });
          p.child = child;
          state.pids.push(child.pid!);
          save();
          await waitFor(`${name}`, async () => ready.test(readFileSync(log, 'utf8').slice(from)), 60_000, log);
        },
        async kill() {
          const child = p.child;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const gone = new Promise((resolve) => child.once('exit', resolve));
          killGroup(child.pid!);
          await gone;
        },
        alive: () => !!p.child && p.child.exitCode === null && p.child.signalCode === null,
      };
      return p;
    };

    // The bucket's server on a port of its own, kept across its restarts.
    const s3Port = await freePort();
    const bucket = 'kopilka-faults';
    mkdirSync(path.join(tmp, 's3rver'));
    const s3proc = proc(
      's3rver',
      ['tests/server/support/s3rver-process.ts', path.join(tmp, 's3rver'), bucket, String(s3Port)],
      // s3rver's list continuation tokens use DES, which OpenSSL 3 serves only with the legacy provider.
      () => ({ ...(process.env as Record<string, string>), NODE_OPTIONS: '--openssl-legacy-provider' }),
      /S3rver listening/,
    );
    const s3Starting = s3proc.start();

    state.pg = {
      PG_PORT: process.env.FAULTS_PG_PORT ?? String(Number(process.env.PG_PORT ?? 55432) + 2),
      PG_DIR: process.env.FAULTS_PG_DIR ?? `${process.env.PG_DIR ?? '/tmp/kopilka-pg'}-faults`,
    };
    save();
    const pgEnv = { ...process.env, ...state.pg };
    const pgOut = execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { cwd: root, env: pgEnv, encoding: 'utf8' });
    const databaseUrl = /DATABASE_URL=(\S+)/.exec(pgOut)?.[1];
    if (!databaseUrl) throw new Error(`no DATABASE_URL from pg-throwaway.sh: ${pgOut}`);
    await s3Starting;

    const endpoint = `http://127.0.0.1:${s3Port}`;
    const secretKey = `faults-test-secret-${Math.random().toString(36).slice(2)}-0123456789abcdef`;
    const { DATABASE_URL: _db, MEDIA_STORAGE: _ms, MEDIA_STORAGE_TEST: _mst, ...inherited } = process.env;
    const env: Record<string, string> = {
      ...(inherited as Record<string, string>),
      DATABASE_URL: databaseUrl,
      MEDIA_STORAGE: `s3://${bucket}/media?endpoint=${encodeURIComponent(endpoint)}&path_style=true`,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      SECRET_KEY: secretKey,
      SERVE_WEB: 'false',
      RUN_JOBS: 'false',
      SKIP_WEB_BUILD: '1',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JOB_LEASE_SECONDS: String(JOB_LEASE_SECONDS),
      S3_TIMEOUT_SECONDS: String(S3_TIMEOUT_SECONDS),
      S3_CONNECT_TIMEOUT_SECONDS: '1',
    };
    execFileSync(process.execPath, ['--import', 'tsx', 'server/process/migrate.ts'], {
      cwd: root,
      env: { ...env, DATA_DIR: path.join(tmp, 'migrate') },
      stdio: 'pipe',
    });

    const apis = await Promise.all(
      [1, 2].map(async (n): Promise<Api> => {
        const port = await freePort();
        const dataDir = path.join(tmp, `api-${n}`);
        const p = proc(
          `api-${n}`,
          ['server/process/api.ts'],
          () => ({ ...env, PORT: String(port), DATA_DIR: dataDir }),
          /Копилка работает/,
        );
        return Object.assign(p, { port, url: (pathname: string) => `http://127.0.0.1:${port}${pathname}` });
      }),
    );
    const workers = [1, 2].map((n) =>
      proc(`worker-${n}`, ['server/process/worker.ts'], () => ({ ...env, DATA_DIR: path.join(tmp, `worker-${n}`) }), /worker started/),
    );
    await Promise.all([...apis, ...workers].map((p) => p.start()));

    const signal = (sig: NodeJS.Signals) => () => {
      if (s3proc.child?.pid) process.kill(-s3proc.child.pid, sig);
    };
    return {
      databaseUrl,
      secretKey,
      pg: {
        restart: () =>
          new Promise<void>((resolve, reject) =>
            execFile('bash', ['scripts/pg-throwaway.sh', 'restart'], { cwd: root, env: pgEnv }, (err) =>
              err ? reject(new Error(`pg_ctl restart failed: ${err.message}`)) : resolve(),
            ),
          ),
      },
      s3: Object.assign(s3proc, {
        freeze: signal('SIGSTOP'),
        thaw: signal('SIGCONT'),
        bucket,
        prefix: 'media/',
        client: new S3Client({
          region: 'us-east-1',
          endpoint,
          forcePathStyle: true,
          credentials: S3RVER_CREDENTIALS,
          requestHandler: { connectionTimeout: 2_000, socketTimeout: 10_000 },
        }),
      }),
      apis: apis as [Api, Api],
      workers: workers as [Proc, Proc],
      env,
      stop,
    };
  } catch (err) {
    stop();
    throw err;
  }
}
