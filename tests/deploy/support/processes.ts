import { readdirSync, chownSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Tools for the deployment test's proxies (the processes' own are in tests/support/processes.ts). */

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
