import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { E2E_DATA_DIR } from '../../../playwright.config';

/**
 * A second API process beside the suite's server, on the same DATA_DIR (the same SQLite file, outbox
 * and secret key, so users made through either are the same users) and the same built export, with
 * settings of its own — for tests that need a setting the suite's server does not have.
 */
export async function startSecondServer(port: number, env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = `http://localhost:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.resolve(E2E_DATA_DIR),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    SKIP_WEB_BUILD: '1',
    RUN_JOBS: 'false',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/process/api.ts'], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the second server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
