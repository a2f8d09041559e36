import { Readable } from 'node:stream';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';
import type { Storage } from '../storage/storage.ts';
import { logRepeated } from '../log/repeats.ts';
import { HealthRepository } from './repository.ts';

/** What readiness looks at; `worker` only where this process runs jobs. */
export type CheckName = 'database' | 'storage' | 'worker';
export type CheckResult = 'ok' | 'failed';

/** The part of the job worker readiness reads: when it last finished looking for jobs (null: not running). */
export interface Heartbeat {
  heartbeat(): Date | null;
}

export interface ReadinessDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  /** This process's worker; null when it runs no jobs (RUN_JOBS=false). */
  worker: Heartbeat | null;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
  /** What the media storage lacks, as found at start (storage/abilities.ts). */
  storageLacks?: () => string[];
}

/** A check that has not answered in this long has failed: a readiness probe must answer, not hang. */
export const CHECK_TIMEOUT_MS = 3_000;
/** A worker that has not looked for jobs for this long is stuck (it looks every second while it runs). */
export const WORKER_STALE_MS = 30_000;
/** The storage probe's keys: outside `u/`, so neither the users' files nor the reconciliation meet them. */
const PROBE_PREFIX = 'health/';

/** The Russian name of each check, in the 503's detail. */
export const CHECK_NAMES: Record<CheckName, string> = {
  database: 'база данных',
  storage: 'хранилище файлов',
  worker: 'обработчик заданий',
};

export interface ReadinessReport {
  ready: boolean;
  checks: Partial<Record<CheckName, CheckResult>>;
  /** What the media storage was found at start to lack (the S3 calls it refused); none on a full one. */
  storageLacks: string[];
}

/**
 * Readiness of this process to serve: the database answers a query, the media storage answers (see
 * probeStorage), and the job worker (where this process runs one) has looked for jobs lately. Every check is bounded by CHECK_TIMEOUT_MS and they run together; a failure's reason goes to
 * the log, never into the answer (the endpoint is public).
 */
export class Readiness {
  private readonly repo: HealthRepository;

  constructor(private readonly d: ReadinessDeps) {
    this.repo = new HealthRepository(d.db);
  }

  async check(): Promise<ReadinessReport> {
    const checks: [CheckName, () => Promise<void>][] = [
      ['database', () => this.repo.ping()],
      ['storage', () => this.probeStorage()],
    ];
    if (this.d.worker) checks.push(['worker', async () => this.checkWorker(this.d.worker!)]);
    const results = await Promise.all(
      checks.map(async ([name, run]): Promise<[CheckName, CheckResult]> => {
        try {
          await withTimeout(run(), CHECK_TIMEOUT_MS);
          return [name, 'ok'];
        } catch (err) {
          logRepeated(this.d.log, 'warn', `readiness ${name}`, err, `readiness check failed: ${name}`);
          return [name, 'failed'];
        }
      }),
    );
    return {
      ready: results.every(([, r]) => r === 'ok'),
      checks: Object.fromEntries(results),
      storageLacks: this.d.storageLacks?.() ?? [],
    };
  }

  /**
   * A round trip to the storage. A bucket is asked for a key nobody writes (it answers "not there"; refused
   * credentials, a gone bucket or no answer fail): read-only, so a process killed mid-probe leaves nothing in
   * the bucket. A local disk answers such a question from its directory cache even when it no longer takes
   * writes, so there a few bytes are written, read back and removed, under a key of this process's own (a
   * crash leaves at most that one file).
   */
  private async probeStorage(): Promise<void> {
    await this.d.storage.stat(`${PROBE_PREFIX}absent`);
    if (!this.d.storage.localFiles) return;
    const key = `${PROBE_PREFIX}probe-${process.pid}`;
    const bytes = Buffer.from('ok');
    try {
      await this.d.storage.put(key, Readable.from([bytes]));
      const stored = await this.d.storage.stat(key);
      if (stored?.size !== bytes.length) throw new Error(`probe file reads back as ${stored ? `${stored.size} bytes` : 'missing'}`);
    } finally {
      await this.d.storage.delete(key);
    }
  }

  private checkWorker(worker: Heartbeat): void {
    const beat = worker.heartbeat();
    if (!beat) throw new Error('the worker is not running');
    const age = this.d.clock.now().getTime() - beat.getTime();
    if (age > WORKER_STALE_MS) throw new Error(`the worker last looked for jobs ${Math.round(age / 1000)} s ago`);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
