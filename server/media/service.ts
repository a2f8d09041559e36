import type { Clock } from '../clock.ts';
import type { Media } from '../db/types.ts';
import { detailError, notFound } from '../errors.ts';
import { purgeFilesJob } from '../jobs/purge-files.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { MediaDetails } from './fields.ts';
import type { DownloadChoice, MediaKind } from './kinds.ts';
import type { MediaPatch, MediaRepository } from './repository.ts';
import { recordFiles } from './stored-files.ts';

export interface MediaServiceDeps {
  repo: MediaRepository;
  queue: JobQueue;
  clock: Clock;
}

/** Retrying a record that has not failed. */
const NOT_FAILED = 'Повторить можно только обработку, которая не удалась.';

/** A user's own records of every kind: list, read, edit, delete, download. New records come from upload-intake.ts. */
export class MediaService {
  constructor(private readonly d: MediaServiceDeps) {}

  list(userId: number, kind: MediaKind): Promise<Media[]> {
    return this.d.repo.list(userId, kind.name, kind.order);
  }

  async get(userId: number, kind: MediaKind, id: number): Promise<Media> {
    const row = await this.d.repo.findOwned(userId, kind.name, id);
    if (!row) throw notFound();
    return row;
  }

  /** Changes the details the edit names; an edit naming none changes nothing. */
  async update(userId: number, kind: MediaKind, id: number, details: MediaDetails): Promise<Media> {
    const patch: MediaPatch = { ...details };
    if (Object.keys(patch).length === 0) return this.get(userId, kind, id);
    patch.updated_at = this.d.clock.now().toISOString();
    const row = await this.d.repo.updateOwned(userId, kind.name, id, patch);
    if (!row) throw notFound();
    return row;
  }

  /**
   * The record leaves the user's view at once; its bytes go by a 'purge-files' job added in the same
   * transaction, which retries until every one of them is gone.
   */
  async remove(userId: number, kind: MediaKind, id: number): Promise<void> {
    const row = await this.d.repo.transaction(async (repo, trx) => {
      const deleted = await repo.deleteOwned(userId, kind.name, id);
      if (deleted) await this.d.queue.enqueue(purgeFilesJob(recordFiles(deleted)), trx);
      return deleted;
    });
    if (!row) throw notFound();
    this.d.queue.nudge('purge-files');
  }

  /** A failed record's processing, once more: it is 'processing' again and its job is queued. */
  async retry(userId: number, kind: MediaKind, id: number): Promise<Media> {
    const now = this.d.clock.now().toISOString();
    const row = await this.d.repo.transaction(async (repo, trx) => {
      const again = await repo.retryOwned(userId, kind.name, id, now);
      if (again) await this.d.queue.enqueue({ kind: kind.job, mediaId: again.id }, trx);
      return again;
    });
    if (!row) {
      await this.get(userId, kind, id); // someone else's or none: 404
      throw detailError(409, NOT_FAILED);
    }
    this.d.queue.nudge(kind.job);
    return row;
  }

  /** Which stored file a download sends, and under which name. */
  async download(userId: number, kind: MediaKind, id: number, format: string | undefined): Promise<DownloadChoice & { filename: string }> {
    const row = await this.get(userId, kind, id);
    const choice = kind.download(row, format);
    if (!choice) throw notFound();
    const title = row.title.trim() || `${kind.fallbackName}-${row.id}`;
    return { ...choice, filename: `${title}.${choice.ext}` };
  }
}
