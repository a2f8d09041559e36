/** What a job is to the engine: its definition (JobDefinition), and what one run of it may do (JobContext). */

import type { Db } from '../db/kysely.ts';
import type { JobKind } from '../db/tables/jobs.ts';
import type { Job } from '../db/types.ts';

/** The run's claim was taken over, or its job is gone: it stops, and what it made is not kept. */
export class ClaimLostError extends Error {}

/** What a running job may do besides its own work. */
export interface JobContext {
  readonly job: Job;
  /** This run's claim token: it names the run's work folder and may name the files it stores. */
  readonly claim: string;
  /** The token of the run before this one that did not end (its process died or stalled), if any. */
  readonly previousClaim: string | null;
  /** True once the claim is lost: stop at the next step. */
  readonly lost: () => boolean;
  /** This run's own folder under DATA_DIR/work/jobs, made on first use and removed before the job ends. */
  workDir(): Promise<string>;
  /**
   * Ends the job: removes it and runs `write` in the same transaction, only while this claim still
   * holds it (false, and nothing written, when it does not).
   */
  finish(write?: (db: Db) => Promise<void>): Promise<boolean>;
  /**
   * Hands the job back to run again at `at` (the reconciliation's next round, a retry); `outsideFailure`:
   * the run failed for a reason outside the job's input (counted in `failures`, not against its attempts).
   */
  later(at: Date, error?: string, outsideFailure?: boolean): Promise<boolean>;
}

/** One kind of job: what a run does, and what happens when runs fail. */
export interface JobDefinition {
  kind: JobKind;
  /** The work; it ends by finish() or later(), else the worker finishes the job when run() returns. */
  run(ctx: JobContext): Promise<void>;
  /**
   * At most this many runs of the kind at once in one worker (default: as many as its lane has slots):
   * for work that takes a core each, in a lane whose slots are sized for work that mostly waits.
   */
  maxRunning?: number;
  /**
   * After this many claims the job is given up rather than tried again: runs that threw, and claims
   * whose process died mid-run (a file that crashes the process every time). Runs that failed for a
   * reason outside the job's input (the storage or the database unavailable) do not count: those are
   * tried again with a backoff of minutes for as long as the trouble lasts. Unset: never given up.
   */
  maxAttempts?: number;
  /** Ends a job given up (e.g. marks its record failed); the job is removed with what it writes. */
  giveUp?(ctx: JobContext, error: unknown): Promise<void>;
  /** How long to wait before the next try after the `attempt`-th failed one. */
  retryAfterMs?(attempt: number): number;
  /**
   * A recurring job (the trash's purge, the storage reconciliation, …): one row of its kind for good, which
   * Worker.schedule() adds if missing. After a run that ends well the worker hands it back to run again `ms`
   * later by the lease clock (the database's), its tries counted afresh, so it reads as waiting, not failing;
   * a failed run is tried again as any job's, but never later than its next round. One schedule, whatever
   * the number of processes, for work that is the database's or the shared storage's; what is one process's
   * own (its temporary folder, its work folders) it sweeps itself.
   */
  every?: { ms: number };
}

/** How a run ended: its work done, handed back to be tried again, given up, or its claim lost (or handed back at shutdown). */
export type RunOutcome = 'done' | 'retry' | 'gave_up' | 'lost';
