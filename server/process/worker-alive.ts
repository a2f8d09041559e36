import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WORKER_STALE_MS } from '../health/readiness.ts';

/** The file a worker keeps fresh while its job loop runs (healthcheck.mjs reads the same). */
export const workerAliveFile = () => path.join(os.tmpdir(), 'kopilka-worker-alive');
/** How often it is touched. */
const EVERY_MS = 10_000;

/**
 * The worker process's health for a container's HEALTHCHECK (healthcheck.mjs), which has no port to ask: every
 * 10 s, while the job loop has looked for jobs within WORKER_STALE_MS, the file in this container's temporary
 * folder is written anew; a stop removes it. Returns the stop.
 */
export function keepWorkerAlive(worker: { heartbeat(): Date | null }, now: () => Date = () => new Date()): () => void {
  const file = workerAliveFile();
  const beat = () => {
    const last = worker.heartbeat();
    if (last && now().getTime() - last.getTime() <= WORKER_STALE_MS) writeFileSync(file, `${process.pid}\n`);
  };
  // Started just now: alive, whether or not its first look for jobs has ended yet.
  writeFileSync(file, `${process.pid}\n`);
  const timer = setInterval(beat, EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    rmSync(file, { force: true });
  };
}
