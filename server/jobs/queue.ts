import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/kysely.ts';
import type { Job } from '../db/types.ts';
import { JOB_LANES } from './kinds.ts';
import type { Lease } from '../config.ts';
import type { JobKind, Lane } from '../db/tables/jobs.ts';
import { JobsRepository } from './repository.ts';
import type { JobLog } from './log.ts';
import type { JobSignals } from './signals.ts';

/** A job to add: its kind (which names its lane), the record it works on, and what else it needs. */
export interface JobSpec {
  kind: JobKind;
  mediaId?: number;
  payload?: unknown;
  /** Not before this time (default: at once). */
  runAfter?: Date;
}

/** A fresh claim token: it names one run of a job (its work folder and the files it stores). */
export const newClaimToken = () => randomBytes(6).toString('hex');
export const CLAIM_TOKEN = /^[0-9a-f]{12}$/;

/**
 * A job the caller holds from the moment it is added: nobody runs it while the caller renews it, and
 * the caller removes it when its own work succeeded. If the caller's process dies, the lease runs
 * out and a worker runs the job instead: a journal entry that undoes work a crash cut off.
 */
export interface HeldJob {
  id: number;
  claim: string;
  /** Removes the entry (the work it guarded is complete); false when it was no longer held. `db` joins a transaction. */
  settle(db?: Db): Promise<boolean>;
  /** Stops renewing and lets a worker run the entry now. */
  release(): Promise<void>;
}

export interface JobQueueDeps {
  db: Db;
  clock: Clock;
  lease: Lease;
  log: JobLog;
  /** How other processes' workers hear of new jobs, and this one's of theirs (PostgreSQL; none on SQLite). */
  signals?: JobSignals;
}

/** The shared job queue, in the database: adding jobs, journal entries, and waking this process's worker. */
export class JobQueue {
  private readonly listeners = new Set<(lane: Lane) => void>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly d: JobQueueDeps) {}

  get lease(): Lease {
    return this.d.lease;
  }

  /** Adds a job; `db` joins the caller's transaction (then nudge() once it has committed). */
  async enqueue(spec: JobSpec, db: Db = this.d.db): Promise<Job> {
    const job = await new JobsRepository(db).insert(this.row(spec));
    if (db === this.d.db) this.nudge(spec.kind);
    return job;
  }

  /** Adds a job already claimed by the caller and keeps renewing it until settled or released. */
  async hold(spec: JobSpec): Promise<HeldJob> {
    const repo = new JobsRepository(this.d.db);
    const claim = newClaimToken();
    const job = await repo.insert({ ...this.row(spec), claim, lease_until: this.leaseUntil(), attempts: 0 });
    const { log } = this.d;
    let renewing: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = repo
        .renew(job.id, claim, this.leaseUntil())
        .catch((err: unknown) => log.warn({ err, job: job.id }, 'could not renew a held job'));
    }, this.d.lease.renewEveryMs);
    const stop = async () => {
      clearInterval(timer);
      await renewing;
    };
    return {
      id: job.id,
      claim,
      settle: async (db = this.d.db) => {
        // Not waiting for a renewal in flight: inside the caller's transaction it may be queued behind
        // it (SQLite has one connection). Landing after the removal, it changes nothing.
        clearInterval(timer);
        return new JobsRepository(db).finish(job.id, claim);
      },
      release: async () => {
        await stop();
        await repo.release(job.id, claim, this.d.clock.now().toISOString());
        this.nudge(spec.kind);
      },
    };
  }

  /**
   * The one row of the recurring job `kind` (its dedupe key is its kind; JobDefinition.every): added, due now,
   * when there is none; else, unless it runs, brought forward to `everyMs` from now at the latest (a shorter
   * period than the one it was scheduled by), or to now with `dueNow`. Several processes starting together
   * still make one row, and one schedule, by the lease clock (the database's).
   */
  async ensureRecurring(kind: JobKind, everyMs: number, dueNow = false): Promise<void> {
    const now = this.d.clock.now();
    const dueBy = dueNow ? now : new Date(now.getTime() + everyMs);
    await new JobsRepository(this.d.db).upsertSingleton(
      { ...this.row({ kind }), dedupe_key: kind },
      dueBy.toISOString(),
      now.toISOString(),
    );
    this.nudge(kind);
  }

  /**
   * Wakes the worker of this process (if it runs one) to look for due jobs of `kind`'s lane now rather
   * than at its next poll (after the transaction that added them has committed), and tells the other
   * processes' workers the same (signals.ts).
   */
  nudge(kind: JobKind): void {
    const lane = JOB_LANES[kind];
    this.wakeHere(lane);
    this.d.signals?.notify(lane).catch((err: unknown) => this.d.log.warn({ err, lane }, 'could not signal a new job to other processes'));
  }

  /**
   * Called on every nudge, this process's or (with signals) another's, with the lane to look at; returns the
   * unsubscribe. The first listener starts hearing other processes, the last one leaving stops it.
   */
  onNudge(listener: (lane: Lane) => void): () => Promise<void> {
    this.listeners.add(listener);
    if (this.d.signals && !this.stopListening) this.stopListening = this.d.signals.listen((lane) => this.wakeHere(lane));
    return async () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0 || !this.stopListening) return;
      const stop = this.stopListening;
      this.stopListening = null;
      await stop();
    };
  }

  private wakeHere(lane: Lane): void {
    for (const listener of this.listeners) listener(lane);
  }

  leaseUntil(): string {
    return new Date(this.d.clock.now().getTime() + this.d.lease.ms).toISOString();
  }

  private row(spec: JobSpec) {
    const now = this.d.clock.now().toISOString();
    return {
      kind: spec.kind,
      lane: JOB_LANES[spec.kind],
      media_id: spec.mediaId ?? null,
      payload: JSON.stringify(spec.payload ?? {}),
      run_after: spec.runAfter ? spec.runAfter.toISOString() : now,
      created_at: now,
    };
  }
}

/**
 * What the queue holds that the storage's reconciliation must leave alone: the claims of runs still alive
 * (their outputs carry them in their keys) and the payloads of held jobs of a kind (an upload's journal).
 */
export function jobsInProgress(db: Db) {
  const repo = new JobsRepository(db);
  return {
    liveClaims: (now: string) => repo.liveClaims(now),
    heldPayloads: (kind: JobKind, now: string) => repo.heldPayloads(kind, now),
  };
}
