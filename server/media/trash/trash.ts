import type { Clock } from '../../clock.ts';
import type { Media } from '../../db/types.ts';
import { notFound } from '../../http/errors.ts';
import { purgeFilesJob } from '../../storage/purge-files.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MediaKindSpec } from '../kinds.ts';
import { recordFiles } from '../files/stored-files.ts';
import type { TrashRepository } from './repository.ts';

/** A deleted item stays in the trash this long, then it is removed for good. */
export const TRASH_DAYS = 30;
const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;

/** How often the 'purge-trash' job looks for items whose 30 days are over (purge-job.ts). */
export const TRASH_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Rows removed per statement by the periodic purge (it repeats until none is left). */
const PURGE_BATCH = 100;

/** When an item deleted at `deletedAt` (ISO) is removed for good. */
export const purgeAt = (deletedAt: string): string => new Date(new Date(deletedAt).getTime() + TRASH_MS).toISOString();

export interface MediaTrashDeps {
  repo: TrashRepository;
  queue: JobQueue;
  clock: Clock;
}

/**
 * The owner's trash: what deleting an item leads to. Items come back whole (restore) or go for good:
 * one by the owner, all at once (empty), or 30 days after deletion (purgeExpired, the 'purge-trash' job).
 * Moving an item in is MediaService.remove; its signed URLs stop working the moment it is in (the
 * /media/ route serves only keys of rows outside the trash: stored-key-owners-repository.ts).
 */
export class MediaTrash {
  constructor(private readonly d: MediaTrashDeps) {}

  list(userId: number): Promise<Media[]> {
    return this.d.repo.list(userId);
  }

  async restore(userId: number, kind: MediaKindSpec, id: number): Promise<Media> {
    const row = await this.d.repo.restoreOwned(userId, kind.name, id);
    if (!row) throw notFound();
    return row;
  }

  async purge(userId: number, kind: MediaKindSpec, id: number): Promise<void> {
    const rows = await this.removeForGood(async (repo) => {
      const row = await repo.purgeOwned(userId, kind.name, id);
      return row ? [row] : [];
    });
    if (!rows.length) throw notFound();
  }

  /** Removes everything in the owner's trash; returns how many items went. */
  async empty(userId: number): Promise<number> {
    return (await this.removeForGood((repo) => repo.purgeAllOwned(userId))).length;
  }

  /** Removes every item, of any owner, deleted 30 days ago or earlier; returns how many went. */
  async purgeExpired(): Promise<number> {
    const cutoff = new Date(this.d.clock.now().getTime() - TRASH_MS).toISOString();
    let removed = 0;
    for (;;) {
      const rows = await this.removeForGood((repo) => repo.purgeDeletedBefore(cutoff, PURGE_BATCH));
      removed += rows.length;
      if (rows.length < PURGE_BATCH) return removed;
    }
  }

  /**
   * The one way items leave for good: their rows go, and in the same transaction a 'purge-files' job
   * for each one's bytes, which retries until they are all gone (the answer does not wait for it).
   */
  private async removeForGood(deleteRows: (repo: TrashRepository) => Promise<Media[]>): Promise<Media[]> {
    const rows = await this.d.repo.transaction(async (repo, trx) => {
      const gone = await deleteRows(repo);
      for (const row of gone) await this.d.queue.enqueue(purgeFilesJob(recordFiles(row)), trx);
      return gone;
    });
    if (rows.length) this.d.queue.nudge('purge-files');
    return rows;
  }
}
