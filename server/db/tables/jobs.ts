import type { Generated } from 'kysely';

/** The tables of the server's own work: the job queue, and the throttles every process shares. */

/** Every kind of job; the lane each runs in is jobs/kinds.ts's JOB_LANES (which must name them all). */
export type JobKind =
  | 'process-audio'
  | 'process-photo'
  | 'process-video'
  | 'trim-audio'
  | 'purge-files'
  | 'reconcile-storage'
  | 'read-photo-dates'
  | 'strip-audio-tags'
  | 'purge-trash'
  | 'remove-abandoned-uploads'
  | 'purge-admin-history';

/** The job engine's lanes: each has slots of its own in every worker (jobs/kinds.ts). */
export type Lane = 'short' | 'video' | 'housekeeping';

/**
 * Pending work of any process (see migration 008): claimed by one process at a time through
 * `claim` and a renewed `lease_until`; the row is deleted once the work is done.
 */
export interface JobsTable {
  id: Generated<number>;
  kind: JobKind;
  lane: Lane;
  /** The record a processing job works on (deleted with it). */
  media_id: number | null;
  /** JSON: what the kind needs beyond the record (e.g. the keys a purge removes). */
  payload: Generated<string>;
  /** Set for a job of which there is only ever one (the periodic reconciliation). */
  dedupe_key: string | null;
  /** Not claimed before this ISO time. */
  run_after: string;
  /** How many times it was claimed. */
  attempts: Generated<number>;
  /** Runs that failed for a reason outside the job's input (storage, database): they set the backoff and give no attempt away. */
  failures: Generated<number>;
  /** Until when its current claim holds, unless renewed; null: nobody is running it. */
  lease_until: string | null;
  /** Token of the latest claim; kept after the lease ends, so the next holder can clear up after it. */
  claim: string | null;
  last_error: string | null;
  created_at: string;
}

/** Throttle events (persistent, so several API processes share them). */
export interface RateEventsTable {
  id: Generated<number>;
  key: string;
  created_at: string;
}

/** One row per throttle key: its lock serialises counting and recording attempts on that key. */
export interface ThrottleLocksTable {
  key: string;
  touched_at: string;
}
