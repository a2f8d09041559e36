// `npm run dev`: the API on :3001 (tsx watch) and `next dev` on :3000, which rewrites /api, /media, /admin to it.
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/process/api.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '3001', SKIP_WEB_BUILD: '1' },
  }),
  spawn(process.execPath, ['node_modules/next/dist/bin/next', 'dev', '-p', process.env.PORT ?? '3000'], {
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}` },
  }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', stop));
