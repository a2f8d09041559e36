// Starts the real server for the browser tests: a fresh DATA_DIR each run, everything else as `npm start`.
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3100',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // The suite signs up some thirty users, all from this machine, and the server allows thirty
  // sign-ups an hour per address. The sign-up helper plays a different visitor each time by sending
  // X-Forwarded-For, believed only from the loopback, as it would be behind the deployment's proxy.
  TRUST_PROXY: '127.0.0.1',
};
delete env.DATABASE_URL; // the browser tests run on the embedded default (SQLite)
const child = spawn(process.execPath, ['--import', 'tsx', 'server/process/api.ts'], { env, stdio: 'inherit' });
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill('SIGTERM'));
child.on('exit', (code) => process.exit(code ?? 0));
