import type { Lease } from '../config.ts';
import type { JobKind, Lane } from '../db/tables/jobs.ts';

/**
 * Every kind of job, and the lane each runs in. A lane has slots of its own in every worker, so work
 * of one lane never waits behind another's: a 3-second recording's MP3 never queues behind a
 * two-hour video, and deleting files never waits for either.
 */
export const JOB_LANES = {
  'process-audio': 'short',
  'process-photo': 'short',
  'process-video': 'video',
  'trim-audio': 'short',
  'purge-files': 'housekeeping',
  'reconcile-storage': 'housekeeping',
  'read-photo-dates': 'housekeeping',
  'strip-audio-tags': 'housekeeping',
  'purge-trash': 'housekeeping',
  'remove-abandoned-uploads': 'housekeeping',
  'purge-admin-history': 'housekeeping',
} as const satisfies Record<JobKind, Lane>;

/**
 * A job whose process dies is taken over within seconds: its claim lasts 15 s unless renewed, and a
 * running job renews it every 5 s (two renewals may fail before another process takes it).
 */
export const DEFAULT_LEASE: Lease = { ms: 15_000, renewEveryMs: 5_000 };
