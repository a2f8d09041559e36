// The primary of `npm start` with WEB_CONCURRENCY > 1: it forks that many processes, which share the
// port (node:cluster hands each new connection to the next one), keeps that many running and stops
// them all on SIGTERM or SIGINT. It serves nothing itself.
import cluster, { type Worker } from 'node:cluster';

/** The environment variable telling a forked process its place (0 … WEB_CONCURRENCY − 1). */
export const PROCESS_INDEX_VARIABLE = 'KOPILKA_PROCESS_INDEX';

/** A process that dies is forked again after this pause, so a process that keeps dying cannot spin the primary. */
const REFORK_PAUSE_MS = 1000;
/** Past SHUTDOWN_GRACE_S, how long the processes get to cut their requests, hand their jobs back and exit before they are killed. */
const STOP_MARGIN_MS = 10_000;

export interface ClusterOptions {
  count: number;
  /** The job worker runs in process 0 only (unless RUN_JOBS=false): the others answer requests. */
  runJobs: boolean;
  /** SHUTDOWN_GRACE_S: how long each process lets its requests finish on SIGTERM. */
  graceMs: number;
  /** Once every process listens. */
  onListening: () => void;
  log: (message: string) => void;
}

/** The index of this process among the primary's, or null when it was not forked by one. */
export function processIndex(): number | null {
  if (!cluster.isWorker) return null;
  const index = Number(process.env[PROCESS_INDEX_VARIABLE]);
  return Number.isInteger(index) ? index : null;
}

/**
 * Forks `count` processes of this script. One that dies after it listened is forked again with the
 * same index (so the job worker comes back with process 0); one that dies before it ever listened
 * failed to start (its line says why), and the primary stops everything and exits 1.
 */
export function runCluster(opts: ClusterOptions): void {
  const listening = new Set<number>();
  const running = new Map<number, Worker>();
  let stopping = false;
  let exitCode = 0;

  const fork = (index: number) => {
    const env: Record<string, string> = { [PROCESS_INDEX_VARIABLE]: String(index) };
    if (index > 0 || !opts.runJobs) env.RUN_JOBS = 'false';
    const worker = cluster.fork(env);
    running.set(index, worker);
    worker.on('listening', () => {
      const first = listening.size < opts.count && !listening.has(index);
      listening.add(index);
      if (first && listening.size === opts.count) opts.onListening();
    });
    worker.on('exit', (code, signal) => {
      if (running.get(index) === worker) running.delete(index);
      if (stopping) {
        if (running.size === 0) process.exit(exitCode);
        return;
      }
      if (!listening.has(index)) {
        opts.log(`Копилка: process ${index} failed to start (exit ${signal ?? code}); stopping`);
        stop(1);
        return;
      }
      opts.log(`Копилка: process ${index} (pid ${worker.process.pid}) ended (${signal ?? `exit ${code}`}); starting it again`);
      setTimeout(() => {
        if (!stopping) fork(index);
      }, REFORK_PAUSE_MS);
    });
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (running.size === 0) process.exit(exitCode);
    for (const worker of running.values()) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const worker of running.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, opts.graceMs + STOP_MARGIN_MS);
    force.unref();
  };

  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  for (let i = 0; i < opts.count; i++) fork(i);
}
