import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { ensureWebBuild } from '../../../server/web/ensure-build.ts';
import { freePort, killGroup, root, waitFor } from '../../support/processes.ts';
import { startCaddy, startNginx, trustInNss } from './proxies.ts';
import { S3RVER_CREDENTIALS } from '../../server/support/s3rver.ts';

/**
 * The deployment as docs/deployment.md describes it, on loopback: a throw-away PostgreSQL, the S3-protocol
 * test server (s3rver) with one bucket for the media, `npm run migrate` once, two API processes
 * (SERVE_WEB=false, RUN_JOBS=false, one SECRET_KEY, TRUST_PROXY, MEDIA_STORAGE=s3://…), one worker
 * (`npm run worker`, the same environment), each process with a DATA_DIR of its own as on separate
 * machines, and both reverse proxies from deploy/ in front of them over HTTPS: Caddy with its own
 * local CA, nginx with a certificate made by openssl. Chromium trusts both CAs through an NSS
 * database in a temporary HOME.
 *
 * Every process is started in its own process group and listed in a state file, so the stack is
 * stopped by the fixture that started it and, if that never ran (a crashed worker), by the global
 * teardown.
 */

/** Not localhost: a name that is a secure context only over HTTPS, like a LAN address for a phone. */
export const SITE_NAME = 'kopilka.test';

export interface ApiProcess {
  port: number;
  log: string;
  child: ChildProcess | null;
}

interface StackState {
  pids: number[];
  pg: { PG_PORT: string; PG_DIR: string } | null;
  tmp: string | null;
}

/** The bucket the processes keep the media in, and a client with its keys. */
export interface Bucket {
  client: S3Client;
  name: string;
  /** The key prefix MEDIA_STORAGE names, ending in '/'. */
  prefix: string;
}

export interface Stack {
  /** Each process's own DATA_DIR: the API processes', then the worker's. */
  dataDirs: string[];
  bucket: Bucket;
  outDir: string;
  apis: ApiProcess[];
  caddy: { origin: string; ca: string };
  nginx: { origin: string; ca: string; httpPort: number };
  /** HOME holding the NSS database that trusts both CAs. */
  browserHome: string;
  killApi(index: number): Promise<void>;
  startApi(index: number): Promise<void>;
}

/** Stops whatever a state file lists: process groups, the PostgreSQL cluster, the temporary folder. */
export function stopFromState(stateFile: string): void {
  if (!existsSync(stateFile)) return;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as StackState;
  for (const pid of state.pids) killGroup(pid);
  if (state.pg)
    execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop'], { cwd: root, env: { ...process.env, ...state.pg }, stdio: 'ignore' });
  if (state.tmp) rmSync(state.tmp, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
}

export async function startStack(stateFile: string, logDir: string): Promise<{ stack: Stack; stop: () => void }> {
  const state: StackState = { pids: [], pg: null, tmp: null };
  const save = () => writeFileSync(stateFile, JSON.stringify(state));
  const track = (pid: number) => {
    state.pids.push(pid);
    save();
  };
  mkdirSync(path.dirname(stateFile), { recursive: true });
  stopFromState(stateFile); // a previous run that could not clean up
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const stop = () => stopFromState(stateFile);
  process.once('exit', stop);

  try {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'kopilka-deploy-'));
    chmodSync(tmp, 0o755); // the unprivileged proxies reach their folders inside
    state.tmp = tmp;
    save();
    const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
    rmSync(dataDir, { recursive: true, force: true });
    // The outbox the tests read codes from (E2E_DATA_DIR/outbox) is every process's DATA_DIR/outbox:
    // without SMTP each process writes its mail there, and a code may come from either API process.
    const outbox = path.join(dataDir, 'outbox');
    mkdirSync(outbox, { recursive: true });
    const dataDirs = ['api-1', 'api-2', 'worker'].map((name) => {
      const dir = path.join(dataDir, name);
      mkdirSync(dir);
      symlinkSync(outbox, path.join(dir, 'outbox'));
      return dir;
    });

    // The S3-protocol server with the bucket, in its own process group like the rest (its file folder in
    // tmp); it comes up while the export and PostgreSQL are prepared.
    const s3Log = path.join(logDir, 's3rver.log');
    const bucketName = 'kopilka-deploy';
    mkdirSync(path.join(tmp, 's3rver'));
    const s3 = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/server/support/s3rver-process.ts', path.join(tmp, 's3rver'), bucketName],
      {
        cwd: root,
        // s3rver's list continuation tokens use DES, which OpenSSL 3 serves only with the legacy provider.
        env: { ...process.env, NODE_OPTIONS: '--openssl-legacy-provider' },
        stdio: ['ignore', openSync(s3Log, 'a'), openSync(s3Log, 'a')],
        detached: true,
      },
    );
    track(s3.pid!);

    // The export the proxies serve, with the header files `npm run build` writes next to it.
    const outDir = path.join(root, 'out');
    ensureWebBuild(root, outDir, (m) => console.log(m));
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/proxy-headers.ts'], {
      cwd: root,
      env: { ...process.env, OUT_DIR: outDir },
      stdio: 'pipe',
    });

    // PostgreSQL of its own, beside any cluster the rest of the test run uses.
    state.pg = {
      PG_PORT: process.env.DEPLOY_PG_PORT ?? String(Number(process.env.PG_PORT ?? 55432) + 1),
      PG_DIR: process.env.DEPLOY_PG_DIR ?? `${process.env.PG_DIR ?? '/tmp/kopilka-pg'}-deploy`,
    };
    save();
    const pgOut = execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], {
      cwd: root,
      env: { ...process.env, ...state.pg },
      encoding: 'utf8',
    });
    const databaseUrl = /DATABASE_URL=(\S+)/.exec(pgOut)?.[1];
    if (!databaseUrl) throw new Error(`no DATABASE_URL from pg-throwaway.sh: ${pgOut}`);

    let s3Endpoint = '';
    await waitFor(
      's3rver',
      async () => {
        const port = /S3rver listening on [\d.]+:(\d+)/.exec(readFileSync(s3Log, 'utf8'))?.[1];
        if (port) s3Endpoint = `http://127.0.0.1:${port}`;
        return !!port;
      },
      30_000,
      s3Log,
    );
    const bucket: Bucket = {
      client: new S3Client({
        region: 'us-east-1',
        endpoint: s3Endpoint,
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      }),
      name: bucketName,
      prefix: 'media/',
    };

    const caddyPort = Number(process.env.E2E_PORT ?? 3100);
    const [caddyHttpPort, nginxPort, nginxHttpPort, api1, api2] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const apiEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      MEDIA_STORAGE: `s3://${bucketName}/${bucket.prefix}?endpoint=${encodeURIComponent(s3Endpoint)}&path_style=true`,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      SECRET_KEY: `deploy-test-secret-${Math.random().toString(36).slice(2)}-0123456789abcdef`,
      SERVE_WEB: 'false',
      // The jobs (processing, removing deleted files) go to a worker of their own, as the guide allows.
      RUN_JOBS: 'false',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: `https://${SITE_NAME}:${caddyPort}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug', // request lines (the health probes' are at debug) show the address and host each process saw
    };

    // `npm run migrate` once, as the guide says, before any API process starts.
    execFileSync('npm', ['run', '--silent', 'migrate'], { cwd: root, env: { ...apiEnv, DATA_DIR: dataDirs[0] }, stdio: 'pipe' });

    const apis: ApiProcess[] = [api1, api2].map((port, i) => ({ port, log: path.join(logDir, `api-${i + 1}.log`), child: null }));
    const startApi = async (index: number) => {
      const api = apis[index]!;
      const out = openSync(api.log, 'a');
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/process/api.ts'], {
        cwd: root,
        env: { ...apiEnv, PORT: String(api.port), DATA_DIR: dataDirs[index] },
        stdio: ['ignore', out, out],
        detached: true,
      });
      api.child = child;
      track(child.pid!);
      await waitFor(`API process ${index + 1}`, async () => (await fetch(`http://127.0.0.1:${api.port}/api/health/`)).ok, 30_000, api.log);
    };
    const killApi = async (index: number) => {
      const child = apis[index]!.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error(`API process ${index + 1} is not running`);
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(child.pid!, 'SIGKILL');
      await exited;
      apis[index]!.child = null;
    };
    // `npm run worker`: the one process that runs the jobs, with the API processes' environment.
    const startWorker = async () => {
      const workerLog = path.join(logDir, 'worker.log');
      const worker = spawn(process.execPath, ['--import', 'tsx', 'server/process/worker.ts'], {
        cwd: root,
        env: { ...apiEnv, DATA_DIR: dataDirs[2] },
        stdio: ['ignore', openSync(workerLog, 'a'), openSync(workerLog, 'a')],
        detached: true,
      });
      track(worker.pid!);
      await waitFor('the worker', async () => readFileSync(workerLog, 'utf8').includes('worker started'), 30_000, workerLog);
    };
    await Promise.all([startApi(0), startApi(1), startWorker()]);

    const upstreams = apis.map((a) => `127.0.0.1:${a.port}`);
    const common = { siteName: SITE_NAME, apis: upstreams, outDir, track };
    const [caddy, nginx] = await Promise.all([
      startCaddy({
        ...common,
        dir: path.join(tmp, 'caddy'),
        log: path.join(logDir, 'caddy.log'),
        httpsPort: caddyPort,
        httpPort: caddyHttpPort,
      }),
      startNginx({
        ...common,
        dir: path.join(tmp, 'nginx'),
        log: path.join(logDir, 'nginx.log'),
        httpsPort: nginxPort,
        httpPort: nginxHttpPort,
        api1: upstreams[0]!,
        api2: upstreams[1]!,
      }),
    ]);
    const browserHome = path.join(tmp, 'home');
    trustInNss(browserHome, { 'kopilka-caddy-ca': caddy.ca, 'kopilka-nginx-ca': nginx.ca });

    const stack: Stack = {
      dataDirs,
      bucket,
      outDir,
      apis,
      caddy,
      nginx: { ...nginx, httpPort: nginxHttpPort },
      browserHome,
      killApi,
      startApi,
    };
    return { stack, stop };
  } catch (err) {
    stop();
    throw err;
  }
}
