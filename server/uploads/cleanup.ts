import type { DataStore } from '@tus/utils';
import type { Clock } from '../clock.ts';
import type { JobLog } from '../jobs/log.ts';
import type { JobDefinition } from '../jobs/job.ts';
import type { UploadsRepository } from './repository.ts';

/** How often abandoned uploads are looked for. */
export const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** An upload whose record is being made is left to that request this long, even past its expiry. */
const FINISHING_GRACE_MS = 60 * 60 * 1000;

/** How many abandoned uploads one cleanup pass takes at a time. */
const CLEANUP_BATCH = 100;

export interface AbandonedUploadsDeps {
  repo: UploadsRepository;
  /** The tus store the uploads' bytes are staged in (staging-store.ts). */
  store: DataStore;
  clock: Clock;
  log: JobLog;
}

/**
 * Removing resumable uploads with their staged bytes: one the service is done with (completed, cancelled, found
 * expired), and every upload abandoned by now, which the 'remove-abandoned-uploads' job does every hour.
 */
export class AbandonedUploads {
  constructor(private readonly d: AbandonedUploadsDeps) {}

  /** Removes the uploads abandoned by now, with their bytes; returns how many. */
  async removeExpired(): Promise<number> {
    let removed = 0;
    for (;;) {
      const now = this.d.clock.now();
      const stillFinishing = new Date(now.getTime() - FINISHING_GRACE_MS).toISOString();
      const batch = await this.d.repo.listExpired(now.toISOString(), stillFinishing, CLEANUP_BATCH);
      let progress = 0;
      for (const row of batch) if (await this.discard(row.id)) progress++;
      removed += progress;
      // A batch that could not be removed (storage trouble, logged) is left to the next pass.
      if (batch.length < CLEANUP_BATCH || progress === 0) return removed;
    }
  }

  /**
   * The staged bytes, the store's files and the row of an upload go (what is already gone is fine);
   * false when the storage refused (logged; the row stays, so a later pass tries again).
   */
  async discard(id: string): Promise<boolean> {
    try {
      await this.d.store.remove(id);
      return true;
    } catch (err) {
      if (isNotFound(err)) return true;
      this.d.log.error({ err, upload: id }, 'could not remove a resumable upload');
      return false;
    }
  }
}

const isNotFound = (err: unknown) => !!err && typeof err === 'object' && (err as { status_code?: number }).status_code === 404;

/** The 'remove-abandoned-uploads' job: a recurring one, every CLEANUP_EVERY_MS, one run whatever the number of processes. */
export function abandonedUploadsJob(d: { cleanup: Pick<AbandonedUploads, 'removeExpired'>; log: JobLog }): JobDefinition {
  return {
    kind: 'remove-abandoned-uploads',
    every: { ms: CLEANUP_EVERY_MS },
    async run() {
      const removed = await d.cleanup.removeExpired();
      if (removed) d.log.info({ removed }, 'removed resumable uploads abandoned for a day');
    },
  };
}
