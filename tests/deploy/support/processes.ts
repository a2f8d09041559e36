import { readdirSync, chownSync, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Small tools for the processes of the deployment test. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
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

const runningAsRoot = () => process.getuid?.() === 0;

/** The proxies run unprivileged (as `nobody` when the tests run as root): they need no root on high ports. */
export function unprivileged(cmd: string, args: string[]): [string, string[]] {
  return runningAsRoot() ? ['setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', cmd, ...args]] : [cmd, args];
}

/** Hands a folder to `nobody` (when running as root), for a process started by `unprivileged`. */
export function giveToNobody(dir: string): void {
  if (!runningAsRoot()) return;
  chownSync(dir, 65534, 65534);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) giveToNobody(full);
    else chownSync(full, 65534, 65534);
  }
}

/** An HTTPS GET to a proxy on loopback under the site's name, trusting only `ca`. */
export function httpsGet(
  origin: string,
  pathname: string,
  ca: string,
  opts: { headers?: Record<string, string>; localAddress?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return httpsRequest(origin, 'GET', pathname, ca, opts);
}

/** An HTTPS request of any method (with a body, when given) to a proxy on loopback under the site's name, trusting only `ca`. */
export async function httpsRequest(
  origin: string,
  method: string,
  pathname: string,
  ca: string,
  opts: { headers?: Record<string, string>; localAddress?: string; body?: string | Buffer } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const https = await import('node:https');
  const url = new URL(pathname, origin);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        method,
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
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.end(opts.body);
  });
}
