import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../../../server/web/ensure-build.ts';

/**
 * The deployment as the README describes it, on loopback: a throw-away PostgreSQL, `npm run migrate`
 * once, two API processes (SERVE_WEB=false, one SECRET_KEY, TRUST_PROXY) and both reverse proxies
 * from deploy/ in front of them over HTTPS: Caddy with its own local CA, nginx with a certificate
 * made here by openssl. Chromium trusts both CAs through an NSS database in a temporary HOME.
 *
 * Every process is started in its own process group and listed in a state file, so the stack is
 * stopped by the fixture that started it and, if that never ran (a crashed worker), by the global
 * teardown.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Not localhost: a name that is a secure context only over HTTPS, like a LAN address for a phone. */
export const SITE_NAME = 'kopilka.test';

export interface ApiProcess {
  port: number;
  log: string;
  child: ChildProcess | null;
}

export interface StackState {
  pids: number[];
  pg: { PG_PORT: string; PG_DIR: string } | null;
  tmp: string | null;
}

export interface Stack {
  dataDir: string;
  outDir: string;
  logDir: string;
  apis: ApiProcess[];
  caddy: { origin: string; port: number; ca: string };
  nginx: { origin: string; port: number; httpPort: number; ca: string };
  /** HOME holding the NSS database that trusts both CAs (Chromium reads $HOME/.pki/nssdb). */
  browserHome: string;
  killApi(index: number): Promise<void>;
  startApi(index: number): Promise<void>;
}

/** The proxies run unprivileged (as `nobody` when the tests run as root): they need no root on high ports. */
function unprivileged(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', cmd, ...args]] : [cmd, args];
}

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

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, log?: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  const tail = log && existsSync(log) ? `\n--- ${log}:\n${readFileSync(log, 'utf8').slice(-3000)}` : '';
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s${tail}`);
}

/** Kills a process group (the process and whatever it started) at once. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** Stops whatever a state file lists: process groups, the PostgreSQL cluster, the temporary folder. */
export function stopFromState(stateFile: string): void {
  if (!existsSync(stateFile)) return;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as StackState;
  for (const pid of state.pids) killGroup(pid);
  if (state.pg) execFileSync('bash', ['scripts/pg-throwaway.sh', 'stop'], { cwd: root, env: { ...process.env, ...state.pg }, stdio: 'ignore' });
  if (state.tmp) rmSync(state.tmp, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
}

/** Files a process run as `nobody` must write, or read when only the owner may. */
function giveToNobody(dir: string): void {
  if (process.getuid?.() !== 0) return;
  chownSync(dir, 65534, 65534);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) giveToNobody(full);
    else chownSync(full, 65534, 65534);
  }
}

/** Copies only the ${KOPILKA_*} names from the template into envsubst's list, as the README's command does. */
function renderWithEnvsubst(template: string, vars: Record<string, string>): string {
  const text = readFileSync(template, 'utf8');
  const names = [...new Set([...text.matchAll(/\$\{(KOPILKA_[A-Z0-9_]+)\}/g)].map((m) => m[1]!))];
  const missing = names.filter((n) => !(n in vars));
  if (missing.length) throw new Error(`${template} needs ${missing.join(', ')}`);
  const rendered = execFileSync('envsubst', [names.map((n) => `$${n}`).join(' ')], { input: text, env: { ...process.env, ...vars }, encoding: 'utf8' });
  if (/\$\{KOPILKA_/.test(rendered)) throw new Error('envsubst left a placeholder');
  return rendered;
}

function makeCertificate(dir: string): { ca: string; chain: string; key: string } {
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=Kopilka deploy test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-keyout', 'ca.key', '-out', 'ca.crt']);
  run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', `/CN=${SITE_NAME}`, '-keyout', 'site.key', '-out', 'site.csr']);
  writeFileSync(path.join(dir, 'site.ext'), `subjectAltName=DNS:${SITE_NAME}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`);
  run(['x509', '-req', '-in', 'site.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'site.ext', '-out', 'site.crt']);
  writeFileSync(path.join(dir, 'chain.crt'), readFileSync(path.join(dir, 'site.crt'), 'utf8') + readFileSync(path.join(dir, 'ca.crt'), 'utf8'));
  return { ca: path.join(dir, 'ca.crt'), chain: path.join(dir, 'chain.crt'), key: path.join(dir, 'site.key') };
}

/** An HTTPS GET through a proxy, trusting only `ca`: [status, headers, body]. */
export async function httpsGet(
  origin: string,
  pathname: string,
  ca: string,
  opts: { headers?: Record<string, string>; localAddress?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const https = await import('node:https');
  const url = new URL(pathname, origin);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        servername: url.hostname,
        headers: { host: url.host, ...opts.headers },
        ca: readFileSync(ca),
        localAddress: opts.localAddress,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.end();
  });
}

export async function startStack(stateFile: string, logDir: string): Promise<{ stack: Stack; stop: () => void }> {
  const state: StackState = { pids: [], pg: null, tmp: null };
  const save = () => writeFileSync(stateFile, JSON.stringify(state));
  mkdirSync(path.dirname(stateFile), { recursive: true });
  stopFromState(stateFile); // a previous run that could not clean up
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const stop = () => stopFromState(stateFile);
  process.once('exit', stop);

  try {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'kopilka-deploy-'));
    chmodSync(tmp, 0o755);
    state.tmp = tmp;
    save();
    const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });

    // The export the proxies serve, with the header files `npm run build` writes next to it.
    const outDir = path.join(root, 'out');
    ensureWebBuild(root, outDir, (m) => console.log(m));
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/proxy-headers.ts'], { cwd: root, env: { ...process.env, OUT_DIR: outDir }, stdio: 'pipe' });

    // PostgreSQL of its own, beside any cluster the rest of the test run uses.
    const pgEnv = {
      PG_PORT: process.env.DEPLOY_PG_PORT ?? String(Number(process.env.PG_PORT ?? 55432) + 1),
      PG_DIR: process.env.DEPLOY_PG_DIR ?? `${process.env.PG_DIR ?? '/tmp/kopilka-pg'}-deploy`,
    };
    state.pg = pgEnv;
    save();
    const pgOut = execFileSync('bash', ['scripts/pg-throwaway.sh', 'start'], { cwd: root, env: { ...process.env, ...pgEnv }, encoding: 'utf8' });
    const databaseUrl = /DATABASE_URL=(\S+)/.exec(pgOut)?.[1];
    if (!databaseUrl) throw new Error(`no DATABASE_URL from pg-throwaway.sh: ${pgOut}`);

    const caddyPort = Number(process.env.E2E_PORT ?? 3100);
    const [caddyHttpPort, nginxPort, nginxHttpPort, api1, api2] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    const caddyOrigin = `https://${SITE_NAME}:${caddyPort}`;
    const apiEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      // Media stay in one local folder both processes share; object storage is what ends that.
      DATA_DIR: dataDir,
      SECRET_KEY: `deploy-test-secret-${Math.random().toString(36).slice(2)}-0123456789abcdef`,
      SERVE_WEB: 'false',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: caddyOrigin,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };

    // `npm run migrate` once, as the guide says, before any API process starts.
    execFileSync('npm', ['run', '--silent', 'migrate'], { cwd: root, env: apiEnv, stdio: 'pipe' });

    const apis: ApiProcess[] = [api1!, api2!].map((port, i) => ({ port, log: path.join(logDir, `api-${i + 1}.log`), child: null }));
    const startApi = async (index: number) => {
      const api = apis[index]!;
      const out = openSync(api.log, 'a');
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...apiEnv, PORT: String(api.port) },
        stdio: ['ignore', out, out],
        detached: true,
      });
      api.child = child;
      state.pids.push(child.pid!);
      save();
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
    await Promise.all([startApi(0), startApi(1)]);

    // Caddy with deploy/Caddyfile: the test's own global options (loopback, unprivileged ports, its
    // local CA instead of Let's Encrypt), then the file exactly as shipped.
    const caddyDir = path.join(tmp, 'caddy');
    mkdirSync(caddyDir);
    writeFileSync(
      path.join(caddyDir, 'Caddyfile'),
      [
        '{',
        '\tadmin off',
        '\tdefault_bind 127.0.0.1',
        '\tlocal_certs',
        '\tskip_install_trust',
        `\tstorage file_system {\n\t\troot ${caddyDir}/storage\n\t}`,
        `\thttp_port ${caddyHttpPort}`,
        `\thttps_port ${caddyPort}`,
        '\tauto_https disable_redirects',
        '}',
        `import ${path.join(root, 'deploy', 'Caddyfile')}`,
        '',
      ].join('\n'),
    );
    giveToNobody(caddyDir);
    const caddyLog = path.join(logDir, 'caddy.log');
    const caddy = spawn(...unprivileged('caddy', ['run', '--config', path.join(caddyDir, 'Caddyfile'), '--adapter', 'caddyfile']), {
      cwd: caddyDir,
      env: {
        ...process.env,
        HOME: caddyDir,
        XDG_DATA_HOME: path.join(caddyDir, 'data'),
        XDG_CONFIG_HOME: path.join(caddyDir, 'config'),
        KOPILKA_SITE: caddyOrigin,
        KOPILKA_API: apis.map((a) => `127.0.0.1:${a.port}`).join(' '),
        KOPILKA_WEB_ROOT: outDir,
      },
      stdio: ['ignore', openSync(caddyLog, 'a'), openSync(caddyLog, 'a')],
      detached: true,
    });
    state.pids.push(caddy.pid!);
    save();
    const caddyCa = path.join(caddyDir, 'storage', 'pki', 'authorities', 'local', 'root.crt');
    await waitFor('Caddy', async () => existsSync(caddyCa) && (await httpsGet(caddyOrigin, '/api/health/', caddyCa)).status === 200, 30_000, caddyLog);

    // nginx with deploy/nginx.conf rendered by envsubst, inside a main file of the test's own (no
    // daemon, its pid, logs and temp folders here).
    const nginxDir = path.join(tmp, 'nginx');
    mkdirSync(nginxDir);
    const cert = makeCertificate(nginxDir);
    const site = renderWithEnvsubst(path.join(root, 'deploy', 'nginx.conf'), {
      KOPILKA_SERVER_NAME: SITE_NAME,
      KOPILKA_HTTP_LISTEN: `127.0.0.1:${nginxHttpPort}`,
      KOPILKA_HTTPS_LISTEN: `127.0.0.1:${nginxPort}`,
      KOPILKA_TLS_CERT: cert.chain,
      KOPILKA_TLS_KEY: cert.key,
      KOPILKA_API_1: `127.0.0.1:${apis[0]!.port}`,
      KOPILKA_API_2: `127.0.0.1:${apis[1]!.port}`,
      KOPILKA_WEB_ROOT: outDir,
    });
    writeFileSync(path.join(nginxDir, 'site.conf'), site);
    const confPath = /--conf-path=(\S+)/.exec(execFileSync('nginx', ['-V'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) + '')?.[1];
    const mimeTypes = path.join(path.dirname(confPath ?? '/etc/nginx/nginx.conf'), 'mime.types');
    writeFileSync(
      path.join(nginxDir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${nginxDir}/nginx.pid;`,
        `error_log ${nginxDir}/error.log warn;`,
        'events { worker_connections 256; }',
        'http {',
        `\tinclude ${mimeTypes};`,
        '\tdefault_type application/octet-stream;',
        `\taccess_log ${nginxDir}/access.log;`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `\t${t}_temp_path ${nginxDir}/${t}_temp;`),
        `\tinclude ${nginxDir}/site.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    giveToNobody(nginxDir);
    const nginxLog = path.join(logDir, 'nginx.log');
    const nginxArgs = ['-p', `${nginxDir}/`, '-e', `${nginxDir}/error.log`, '-c', `${nginxDir}/nginx.conf`];
    const nginx = spawn(...unprivileged('nginx', nginxArgs), {
      cwd: nginxDir,
      stdio: ['ignore', openSync(nginxLog, 'a'), openSync(nginxLog, 'a')],
      detached: true,
    });
    state.pids.push(nginx.pid!);
    save();
    const nginxOrigin = `https://${SITE_NAME}:${nginxPort}`;
    await waitFor('nginx', async () => (await httpsGet(nginxOrigin, '/api/health/', cert.ca)).status === 200, 30_000, path.join(nginxDir, 'error.log'));

    // Chromium's trust store: an NSS database in a HOME of its own holding both CAs.
    const browserHome = path.join(tmp, 'home');
    const nssdb = path.join(browserHome, '.pki', 'nssdb');
    mkdirSync(nssdb, { recursive: true });
    execFileSync('certutil', ['-N', '-d', `sql:${nssdb}`, '--empty-password']);
    execFileSync('certutil', ['-A', '-d', `sql:${nssdb}`, '-t', 'C,,', '-n', 'kopilka-caddy-ca', '-i', caddyCa]);
    execFileSync('certutil', ['-A', '-d', `sql:${nssdb}`, '-t', 'C,,', '-n', 'kopilka-nginx-ca', '-i', cert.ca]);

    const stack: Stack = {
      dataDir,
      outDir,
      logDir,
      apis,
      caddy: { origin: caddyOrigin, port: caddyPort, ca: caddyCa },
      nginx: { origin: nginxOrigin, port: nginxPort, httpPort: nginxHttpPort, ca: cert.ca },
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
