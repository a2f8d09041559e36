import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, waitFor } from '../../support/processes.ts';
import { giveToNobody, httpsGet, unprivileged } from './processes.ts';

/** Caddy and nginx with the files from deploy/, each wrapped in a main configuration of the test's own. */

export interface ProxyOptions {
  /** A folder of its own for the proxy's configuration, state and temporary files. */
  dir: string;
  log: string;
  siteName: string;
  httpsPort: number;
  httpPort: number;
  /** host:port of each API process. */
  apis: string[];
  outDir: string;
  /** Records the pid of a started process (its process group) for the stack's clean-up. */
  track: (pid: number) => void;
}

/**
 * deploy/Caddyfile as shipped, after global options for a test: loopback only, unprivileged ports,
 * Caddy's local CA instead of a public one, nothing installed into the system's trust store.
 * Returns the CA's root certificate.
 */
export async function startCaddy(o: ProxyOptions): Promise<{ origin: string; ca: string }> {
  mkdirSync(o.dir);
  const config = path.join(o.dir, 'Caddyfile');
  writeFileSync(
    config,
    [
      '{',
      '\tadmin off',
      '\tdefault_bind 127.0.0.1',
      '\tlocal_certs',
      '\tskip_install_trust',
      `\tstorage file_system {\n\t\troot ${o.dir}/storage\n\t}`,
      `\thttp_port ${o.httpPort}`,
      `\thttps_port ${o.httpsPort}`,
      '\tauto_https disable_redirects',
      '}',
      `import ${path.join(root, 'deploy', 'Caddyfile')}`,
      '',
    ].join('\n'),
  );
  giveToNobody(o.dir);
  const origin = `https://${o.siteName}:${o.httpsPort}`;
  const caddy = spawn(...unprivileged('caddy', ['run', '--config', config, '--adapter', 'caddyfile']), {
    cwd: o.dir,
    env: {
      ...process.env,
      HOME: o.dir,
      XDG_DATA_HOME: path.join(o.dir, 'data'),
      XDG_CONFIG_HOME: path.join(o.dir, 'config'),
      KOPILKA_SITE: origin,
      KOPILKA_API: o.apis.join(' '),
      KOPILKA_WEB_ROOT: o.outDir,
    },
    stdio: ['ignore', openSync(o.log, 'a'), openSync(o.log, 'a')],
    detached: true,
  });
  o.track(caddy.pid!);
  const ca = path.join(o.dir, 'storage', 'pki', 'authorities', 'local', 'root.crt');
  await waitFor('Caddy', async () => existsSync(ca) && (await httpsGet(origin, '/api/health/', ca)).status === 200, 30_000, o.log);
  return { origin, ca };
}

/** Copies only the ${KOPILKA_*} names from the template into envsubst's list, as docs/deployment.md's command does. */
function renderWithEnvsubst(template: string, vars: Record<string, string>): string {
  const text = readFileSync(template, 'utf8');
  const names = [...new Set([...text.matchAll(/\$\{(KOPILKA_[A-Z0-9_]+)\}/g)].map((m) => m[1]!))];
  const missing = names.filter((n) => !(n in vars));
  if (missing.length) throw new Error(`${template} needs ${missing.join(', ')}`);
  const rendered = execFileSync('envsubst', [names.map((n) => `$${n}`).join(' ')], {
    input: text,
    env: { ...process.env, ...vars },
    encoding: 'utf8',
  });
  if (/\$\{KOPILKA_/.test(rendered)) throw new Error('envsubst left a placeholder');
  return rendered;
}

/** A CA and a certificate it signs for `siteName`, made by openssl as an operator would for a LAN. */
function makeCertificate(dir: string, siteName: string): { ca: string; chain: string; key: string } {
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  run([
    'req',
    '-x509',
    ...ec,
    '-days',
    '2',
    '-subj',
    '/CN=Kopilka deploy test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
  ]);
  run(['req', ...ec, '-subj', `/CN=${siteName}`, '-keyout', 'site.key', '-out', 'site.csr']);
  writeFileSync(path.join(dir, 'site.ext'), `subjectAltName=DNS:${siteName}\nextendedKeyUsage=serverAuth\nbasicConstraints=CA:FALSE\n`);
  run([
    'x509',
    '-req',
    '-in',
    'site.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'site.ext',
    '-out',
    'site.crt',
  ]);
  writeFileSync(
    path.join(dir, 'chain.crt'),
    readFileSync(path.join(dir, 'site.crt'), 'utf8') + readFileSync(path.join(dir, 'ca.crt'), 'utf8'),
  );
  return { ca: path.join(dir, 'ca.crt'), chain: path.join(dir, 'chain.crt'), key: path.join(dir, 'site.key') };
}

/**
 * deploy/nginx.conf rendered by envsubst, included by a main file of the test's own (no daemon; pid,
 * logs and temporary folders in `dir`), with an openssl-made certificate. Returns its CA.
 */
export async function startNginx(o: ProxyOptions & { api1: string; api2: string }): Promise<{ origin: string; ca: string }> {
  mkdirSync(o.dir);
  const cert = makeCertificate(o.dir, o.siteName);
  const site = renderWithEnvsubst(path.join(root, 'deploy', 'nginx.conf'), {
    KOPILKA_SERVER_NAME: o.siteName,
    KOPILKA_HTTP_LISTEN: `127.0.0.1:${o.httpPort}`,
    KOPILKA_HTTPS_LISTEN: `127.0.0.1:${o.httpsPort}`,
    KOPILKA_TLS_CERT: cert.chain,
    KOPILKA_TLS_KEY: cert.key,
    KOPILKA_API_1: o.api1,
    KOPILKA_API_2: o.api2,
    KOPILKA_WEB_ROOT: o.outDir,
  });
  writeFileSync(path.join(o.dir, 'site.conf'), site);
  // Debian's mime.types, found next to the nginx.conf the binary was built for.
  const confPath = /--conf-path=(\S+)/.exec(execFileSync('nginx', ['-V'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }))?.[1];
  const mimeTypes = path.join(path.dirname(confPath ?? '/etc/nginx/nginx.conf'), 'mime.types');
  const main = path.join(o.dir, 'nginx.conf');
  writeFileSync(
    main,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${o.dir}/nginx.pid;`,
      `error_log ${o.dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      `\tinclude ${mimeTypes};`,
      '\tdefault_type application/octet-stream;',
      `\taccess_log ${o.dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `\t${t}_temp_path ${o.dir}/${t}_temp;`),
      `\tinclude ${o.dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  giveToNobody(o.dir);
  const nginx = spawn(...unprivileged('nginx', ['-p', `${o.dir}/`, '-e', `${o.dir}/error.log`, '-c', main]), {
    cwd: o.dir,
    stdio: ['ignore', openSync(o.log, 'a'), openSync(o.log, 'a')],
    detached: true,
  });
  o.track(nginx.pid!);
  const origin = `https://${o.siteName}:${o.httpsPort}`;
  await waitFor(
    'nginx',
    async () => (await httpsGet(origin, '/api/health/', cert.ca)).status === 200,
    30_000,
    path.join(o.dir, 'error.log'),
  );
  return { origin, ca: cert.ca };
}

/** Chromium's trust store: an NSS database under `home` (it reads $HOME/.pki/nssdb) holding these CAs. */
export function trustInNss(home: string, cas: Record<string, string>): void {
  const nssdb = path.join(home, '.pki', 'nssdb');
  mkdirSync(nssdb, { recursive: true });
  execFileSync('certutil', ['-N', '-d', `sql:${nssdb}`, '--empty-password']);
  for (const [name, ca] of Object.entries(cas)) execFileSync('certutil', ['-A', '-d', `sql:${nssdb}`, '-t', 'C,,', '-n', name, '-i', ca]);
}
