import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Media } from '../db/types.ts';
import type { Storage } from '../storage/storage.ts';
import type { BackgroundWork, MediaLog } from './background.ts';
import type { MediaKind as KindName } from '../../lib/contract/media.ts';
import type { MediaKind } from './kinds.ts';
import { ClaimLostError, type MediaProcessing } from './processing.ts';
import type { MediaPatch, MediaRepository } from './repository.ts';
import { deleteStored } from './stored-files.ts';

/**
 * Several API processes may share one database: a background job runs only in the process that
 * claimed its row (media.processing_lease_until). The job renews the lease while it runs; a process
 * that dies stops renewing, the lease runs out and another process (at start-up, or on its periodic
 * re-check) takes the row over.
 *
 * Fencing: a process that merely stalled past its lease wakes up with its job still running. Each
 * claim carries its own token (media.processing_claim), renewals and the result update apply only
 * while the row still carries it, and each run stores its outputs under keys of its own, so the
 * stale run can neither overwrite the row nor touch the files of the run that took over; it stops
 * and deletes only its own outputs.
 */
export const PROCESSING_LEASE_MS = 5 * 60 * 1000;
export const LEASE_RENEW_MS = 60 * 1000;

/** How long a claim lasts unrenewed, and how often a running job renews it. */
export interface Lease {
  ms: number;
  renewEveryMs: number;
}

export interface MediaJobsDeps {
  repo: MediaRepository;
  storage: Storage;
  processing: MediaProcessing;
  background: BackgroundWork;
  clock: Clock;
  log: MediaLog;
  lease?: Lease;
}

/** A new claim: the token naming it (it also names that run's output files) and when its lease ends. */
export interface Claim {
  claim: string;
  leaseUntil: string;
}

/** Background processing jobs (video conversion), each held by a renewed lease on its row. */
export class MediaJobs {
  /** Rows whose job runs in this process (a re-check never claims them a second time here). */
  private readonly running = new Set<number>();
  private rechecking = false;

  constructor(private readonly d: MediaJobsDeps) {}

  private get lease(): Lease {
    return this.d.lease ?? { ms: PROCESSING_LEASE_MS, renewEveryMs: LEASE_RENEW_MS };
  }

  private leaseUntil(): string {
    return new Date(this.d.clock.now().getTime() + this.lease.ms).toISOString();
  }

  /** A claim for a row about to be inserted already claimed by this process (no other process's resume can take it first). */
  newClaim(): Claim {
    return { claim: randomBytes(6).toString('hex'), leaseUntil: this.leaseUntil() };
  }

  /**
   * Re-queues background work nobody is doing (called at start-up and by the periodic re-check):
   * each 'processing' row is claimed first, and rows another live process holds are left to it.
   * Returns how many rows this process took.
   */
  async resumeProcessing(kinds: Record<KindName, MediaKind>): Promise<number> {
    let taken = 0;
    for (const row of await this.d.repo.listProcessing()) {
      if (this.d.background.closed) break;
      const kind: MediaKind | undefined = kinds[row.kind];
      if (kind?.processing !== 'background' || this.running.has(row.id)) continue;
      const { claim, leaseUntil } = this.newClaim();
      if (!(await this.d.repo.claimProcessing(row.id, this.d.clock.now().toISOString(), leaseUntil, claim))) continue;
      this.enqueue(kind, row, claim);
      taken++;
    }
    return taken;
  }

  /**
   * While this process lives, looks every `everyMs` for rows whose lease ran out (their process
   * died mid-job) and takes them over. Stopped by shutdown; a second call does nothing.
   */
  recheckProcessing(kinds: Record<KindName, MediaKind>, everyMs = this.lease.ms): void {
    if (this.rechecking) return;
    this.rechecking = true;
    this.d.background.every(everyMs, 're-check media processing', () => this.resumeProcessing(kinds));
  }

  /** Runs the background job of a row this process has claimed (`claim`: the token the claim wrote). */
  enqueue(kind: MediaKind, row: Media, claim: string): void {
    this.running.add(row.id);
    this.d.background.track(this.runJob(kind, row, claim).finally(() => this.running.delete(row.id)));
  }

  private async runJob(kind: MediaKind, row: Media, claim: string): Promise<void> {
    const { repo, log } = this.d;
    if (this.d.background.closed) {
      // Shutting down before the job started: hand the row back at once rather than when the lease runs out.
      await repo
        .releaseLease(row.id, claim)
        .catch((err: unknown) => log.error({ err, id: row.id }, 'could not release media processing lease'));
      return;
    }
    // Keep the claim alive while the job waits for and runs ffmpeg (which may take longer than a lease).
    let lost = false;
    let renewing: Promise<unknown> = Promise.resolve();
    const renew = setInterval(() => {
      renewing = repo.renewLease(row.id, claim, this.leaseUntil()).then(
        (held) => {
          if (held) return;
          lost = true; // taken over after a stall, deleted, or no longer processing: stop at the next step
          clearInterval(renew);
        },
        (err: unknown) => log.warn({ err, id: row.id }, 'could not renew media processing lease'),
      );
    }, this.lease.renewEveryMs);
    const stopRenewing = async () => {
      clearInterval(renew);
      await renewing;
    };
    const base = row.original_key.slice(0, row.original_key.lastIndexOf('.'));
    const ext = row.original_key.slice(row.original_key.lastIndexOf('.') + 1);
    // Outputs of this run only: a stale run and the run that took over never share a key.
    const runBase = `${base}-${claim}`;
    const written: string[] = [];
    let patch: MediaPatch | null;
    try {
      const stored = { ext, mime: row.mime_type };
      patch = { ...(await this.d.processing.run(kind, runBase, row.original_key, stored, written, () => lost)), status: 'ready' };
    } catch (err) {
      if (!(err instanceof ClaimLostError)) log.warn({ err, id: row.id, kind: kind.name }, 'background media processing failed');
      await deleteStored(this.d.storage, log, written.splice(0));
      patch = lost ? null : { status: 'failed' };
    } finally {
      await stopRenewing();
    }
    try {
      const updated =
        patch && !lost ? await repo.finishProcessing(row.id, claim, { ...patch, updated_at: this.d.clock.now().toISOString() }) : undefined;
      if (!updated) {
        // Not ours any more: drop what this run produced. The original goes too only if the row itself is gone.
        await deleteStored(this.d.storage, log, written);
        if (!(await repo.exists(row.id))) await deleteStored(this.d.storage, log, [row.original_key]);
      }
    } catch (err) {
      log.error({ err, id: row.id }, 'could not record media processing result');
    }
  }
}
