import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3RVER_CREDENTIALS, startS3rver } from '../tests/server/support/s3rver.ts';
import { freePort } from '../tests/support/processes.ts';
import { samples } from '../tests/support/prometheus.ts';
import { outputOf, root, SECRET } from './support.ts';

/**
 * What the scale bench starts, stopped in the reverse order by run(): at its end, when it fails, and when
 * it is interrupted (SIGINT, SIGTERM), so that no database cluster or child process outlives it.
 */
export class Teardown {
  private readonly steps: (() => Promise<void>)[] = [];
  private readonly onSignal = (signal: NodeJS.Signals) => {
    console.error(`scale: ${signal}, stopping what the bench started`);
    void this.run().finally(() => process.exit(130));
  };

  constructor() {
    process.once('SIGINT', this.onSignal);
    process.once('SIGTERM', this.onSignal);
  }

  add(step: () => Promise<void>): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    process.off('SIGINT', this.onSignal);
    process.off('SIGTERM', this.onSignal);
    while (this.steps.length) {
      const step = this.steps.pop()!;
      await step().catch((err: unknown) => console.error(`scale: a step of the teardown failed: ${String(err)}`));
    }
  }
}

/**
 * A throw-away PostgreSQL cluster (scripts/pg-throwaway.sh) on a free port in a folder of its own, so it
 * never meets another's cluster; its DATABASE_URL.
 */
export async function startPostgres(teardown: Teardown): Promise<string> {
  const env = {
    ...process.env,
    PG_PORT: String(await freePort()),
    PG_DIR: mkdtempSync(path.join(os.tmpdir(), 'kopilka-bench-pg-')),
  };
  // Registered before the start: a start that fails halfway still leaves a folder (and perhaps a server).
  teardown.add(async () => void (await outputOf('bash', ['scripts/pg-throwaway.sh', 'stop'], { cwd: root, env })));
  const out = await outputOf('bash', ['scripts/pg-throwaway.sh', 'start'], { cwd: root, env });
  const url = /DATABASE_URL=(\S+)/.exec(out)?.[1];
  if (!url) throw new Error(`pg-throwaway.sh printed no DATABASE_URL:\n${out}`);
  return url;
}

/** The test S3 server (s3rver, its own process) with one bucket; the environment that points the app at it. */
export async function startS3(teardown: Teardown): Promise<Record<string, string>> {
  const s3 = await startS3rver('kopilka-bench');
  teardown.add(() => s3.stop());
  return {
    MEDIA_STORAGE: s3.mediaStorage('bench'),
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

export interface WorkerProcess {
  /** Its METRICS_PORT on 127.0.0.1. */
  metricsPort: number;
  stop(): Promise<void>;
}

/** `npm run worker` (server/process/worker.ts) alone, with a METRICS_PORT of its own, once it has started. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const metricsPort = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/process/worker.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', SECRET_KEY: SECRET, LOG_LEVEL: 'warn', ...env, METRICS_PORT: String(metricsPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    // The worker waits up to 5 s for its runs, then exits; 12 s is past its own forced exit (10 s).
    const t = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(t);
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`worker did not start:\n${output}`))), 90_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Копилка: worker started')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${String(child.exitCode ?? child.signalCode)}:\n${output}`));
    });
  });
  return { metricsPort, stop };
}

/** A Prometheus histogram summed over processes: cumulative counts by upper bound (Infinity last), and its sum. */
export interface Histogram {
  buckets: Map<number, number>;
  sum: number;
}

/** `name`'s histogram for the label `kind`, read from each METRICS_PORT and summed (a Prometheus sum() by le). */
export async function readHistogram(ports: number[], name: string, kind: string): Promise<Histogram> {
  const total: Histogram = { buckets: new Map(), sum: 0 };
  for (const port of ports) {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    if (!res.ok) throw new Error(`metrics on port ${port}: status ${res.status}`);
    for (const { name: sampleName, labels, value } of samples(await res.text())) {
      if (labels.get('kind') !== kind) continue;
      if (sampleName === `${name}_bucket`) {
        const le = labels.get('le') === '+Inf' ? Infinity : Number(labels.get('le'));
        total.buckets.set(le, (total.buckets.get(le) ?? 0) + value);
      } else if (sampleName === `${name}_sum`) total.sum += value;
    }
  }
  total.buckets = new Map([...total.buckets].sort((a, b) => a[0] - b[0]));
  return total;
}

/** What `after` counted that `before` had not: the observations between two readings. */
export function histogramSince(after: Histogram, before: Histogram): Histogram {
  return {
    buckets: new Map([...after.buckets].map(([le, n]) => [le, n - (before.buckets.get(le) ?? 0)])),
    sum: after.sum - before.sum,
  };
}

export const histogramCount = (h: Histogram) => h.buckets.get(Infinity) ?? 0;

/**
 * The `q` quantile (0..1) as Prometheus's histogram_quantile() estimates it: linear within the bucket that
 * holds it, from 0 below the first; in the +Inf bucket, the largest finite bound. NaN when empty.
 */
export function histogramQuantile(h: Histogram, q: number): number {
  const count = histogramCount(h);
  if (!count) return NaN;
  const rank = q * count;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const [le, cumulative] of h.buckets) {
    if (cumulative >= rank) {
      if (le === Infinity) return lowerBound;
      return lowerBound + ((le - lowerBound) * (rank - lowerCount)) / Math.max(1, cumulative - lowerCount);
    }
    lowerBound = le;
    lowerCount = cumulative;
  }
  return lowerBound;
}
