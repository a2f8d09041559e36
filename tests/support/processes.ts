import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
