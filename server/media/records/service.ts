import type { Clock } from '../../clock.ts';
import type { Media } from '../../db/types.ts';
import { detailError, notFound } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MediaEdit } from '../fields.ts';
import type { DownloadChoice, MediaKindSpec } from '../kinds.ts';
import type { KeptRecords } from './list-cache.ts';
import type { MediaPatch, MediaRepository } from './repository.ts';

export interface MediaServiceDeps {
  repo: MediaRepository;
  queue: JobQueue;
  clock: Clock;
}

/** Retrying a record that has not failed. */
const NOT_FAILED = 'Повторить можно только обработку, которая не удалась.';

/**
 * A user's own records of every kind outside the trash: list, read, edit, delete (to the trash),
 * retry, download. New records come from upload-intake.ts.
 */
export class MediaService {
  constructor(private readonly d: MediaServiceDeps) {}

  /** The owner's items of the kind outside the trash, in the kind's order; only the favourites when asked. */
  list(userId: number, kind: MediaKindSpec, favoritesOnly = false): Promise<Media[]> {
    return this.d.repo.list(userId, kind.name, kind.order, favoritesOnly);
  }

  /**
   * list(), for a list kept as each record's JSON with the rows it was written from (`kept`): the ids and row
   * versions are read, and whole only the rows that are new or whose version moved; the others are the kept
   * rows themselves, so the list's build reuses their JSON.
   */
  async listSince(userId: number, kind: MediaKindSpec, favoritesOnly: boolean, kept: KeptRecords | undefined): Promise<Media[]> {
    if (!kept) return this.list(userId, kind, favoritesOnly);
    const versions = await this.d.repo.listVersions(userId, kind.name, kind.order, favoritesOnly);
    const changed = new Set(versions.filter(({ id, row_version }) => kept.get(id)?.row.row_version !== row_version).map(({ id }) => id));
    const read = new Map((await this.d.repo.rowsOf(userId, [...changed])).map((row) => [row.id, row]));
    const rows: Media[] = [];
    for (const { id } of versions) {
      // A row gone between the two reads is left out (its removal moved the media version: the next list is new).
      const row = changed.has(id) ? read.get(id) : kept.get(id)!.row;
      if (row) rows.push(row);
    }
    return rows;
  }

  /**
   * listSince() of several owners (the viewer and the partners who show them theirs), all their items in the
   * kind's order: newest first by creation or by when taken (else created), equal times the later id first,
   * as the database orders one owner's.
   */
  async listSinceOf(ownerIds: readonly number[], kind: MediaKindSpec, kept: KeptRecords | undefined): Promise<Media[]> {
    const lists = await Promise.all(ownerIds.map((id) => this.listSince(id, kind, false, kept)));
    if (lists.length === 1) return lists[0]!;
    const at = kind.order === 'taken' ? (row: Media) => row.taken_at ?? row.created_at : (row: Media) => row.created_at;
    return lists.flat().sort((a, b) => {
      const x = at(a);
      const y = at(b);
      return x < y ? 1 : x > y ? -1 : b.id - a.id;
    });
  }

  async get(userId: number, kind: MediaKindSpec, id: number): Promise<Media> {
    const row = await this.d.repo.findOwned(userId, kind.name, id);
    if (!row) throw notFound();
    return row;
  }

  /** Changes what the edit names (details, favourite); an edit naming nothing changes nothing. */
  async update(userId: number, kind: MediaKindSpec, id: number, edit: MediaEdit): Promise<Media> {
    const { is_favorite: favorite, ...details } = edit;
    const patch: MediaPatch = { ...details, ...(favorite === undefined ? {} : { is_favorite: favorite ? 1 : 0 }) };
    if (Object.keys(patch).length === 0) return this.get(userId, kind, id);
    patch.updated_at = this.d.clock.now().toISOString();
    const row = await this.d.repo.updateOwned(userId, kind.name, id, patch);
    if (!row) throw notFound();
    return row;
  }

  /** Deleting moves the item to the trash (trash.ts): it leaves the lists at once, its files stay until it is purged. */
  async remove(userId: number, kind: MediaKindSpec, id: number): Promise<void> {
    const row = await this.d.repo.trashOwned(userId, kind.name, id, this.d.clock.now().toISOString());
    if (!row) throw notFound();
  }

  /** A failed record's processing, once more: it is 'processing' again and its job is queued. */
  async retry(userId: number, kind: MediaKindSpec, id: number): Promise<Media> {
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
  async download(
    userId: number,
    kind: MediaKindSpec,
    id: number,
    format: string | undefined,
  ): Promise<DownloadChoice & { filename: string }> {
    const row = await this.get(userId, kind, id);
    const choice = kind.download(row, format);
    if (!choice) throw notFound();
    const title = row.title.trim() || `${kind.fallbackName}-${row.id}`;
    return { ...choice, filename: `${title}.${choice.ext}` };
  }
}
