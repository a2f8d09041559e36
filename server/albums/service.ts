import { ALBUM_MESSAGES, ALBUMS_PER_USER_MAX } from '../../contract/albums.ts';
import type { Clock } from '../clock.ts';
import type { Media } from '../db/types.ts';
import { isForeignKeyViolation } from '../db/constraints.ts';
import { detailError, fieldError, notFound } from '../http/errors.ts';
import type { AlbumPatch, AlbumsRepository, AlbumSummary, ItemKey } from './repository.ts';

export interface AlbumsServiceDeps {
  repo: AlbumsRepository;
  clock: Clock;
}

export interface AlbumDetails {
  title?: string;
  description?: string;
}

/** An edit: details, and the cover (an item of the album; null: back to the default one). */
export interface AlbumEdit extends AlbumDetails {
  cover?: ItemKey | null;
}

/**
 * A user's albums: made, renamed, described, given a cover, filled and emptied, deleted — all of them
 * only by their owner (anyone else's album or item is not found: 404). An album holds items of any
 * kind, in the order they were added; deleting an album, or taking an item out of it, never touches
 * the item. What the album shows leaves out items in the trash, so they come back with a restore.
 */
export class AlbumsService {
  constructor(private readonly d: AlbumsServiceDeps) {}

  list(userId: number): Promise<AlbumSummary[]> {
    return this.d.repo.summaries(userId);
  }

  async get(userId: number, albumId: number): Promise<AlbumSummary> {
    const [album] = await this.d.repo.summaries(userId, albumId);
    if (!album) throw notFound();
    return album;
  }

  /** Makes an album; a user keeps at most ALBUMS_PER_USER_MAX (400 past it). */
  async create(userId: number, details: { title: string; description?: string }): Promise<AlbumSummary> {
    if ((await this.d.repo.countOwned(userId)) >= ALBUMS_PER_USER_MAX) throw detailError(400, ALBUM_MESSAGES.tooManyAlbums);
    const now = this.now();
    const album = await this.d.repo.insert({
      user_id: userId,
      title: details.title,
      description: details.description ?? '',
      created_at: now,
      updated_at: now,
    });
    return this.get(userId, album.id);
  }

  /** Changes what the edit names; a cover must be an item of the album outside the trash (400 on `cover` otherwise). */
  async update(userId: number, albumId: number, edit: AlbumEdit): Promise<AlbumSummary> {
    const { cover, ...details } = edit;
    await this.d.repo.transaction(async (repo) => {
      if (!(await repo.findOwned(userId, albumId))) throw notFound();
      const patch: AlbumPatch = { ...details };
      if (cover !== undefined) {
        if (cover && !(await repo.holdsLive(albumId, cover))) throw fieldError('cover', ALBUM_MESSAGES.coverNotInAlbum);
        patch.cover_media_id = cover ? cover.id : null;
      }
      if (Object.keys(patch).length === 0) return;
      patch.updated_at = this.now();
      await repo.updateOwned(userId, albumId, patch);
    });
    return this.get(userId, albumId);
  }

  async remove(userId: number, albumId: number): Promise<void> {
    if (!(await this.d.repo.deleteOwned(userId, albumId))) throw notFound();
  }

  /** The album's items outside the trash, in the order they were added. */
  async items(userId: number, albumId: number): Promise<Media[]> {
    if (!(await this.d.repo.findOwned(userId, albumId))) throw notFound();
    return this.d.repo.items(userId, albumId);
  }

  /**
   * Adds the owner's items (outside the trash) in the order given; one already there stays where it is.
   * Any item that is not the owner's, or is in the trash, refuses the whole request with 404 and adds nothing.
   */
  async addItems(userId: number, albumId: number, items: ItemKey[]): Promise<AlbumSummary> {
    const wanted = unique(items);
    await this.d.repo
      .transaction(async (repo) => {
        if (!(await repo.findOwned(userId, albumId))) throw notFound();
        const found = await repo.liveOwnedIds(userId, wanted);
        if (wanted.some((item) => !found.has(item.id))) throw notFound();
        const now = this.now();
        await repo.addItems(
          albumId,
          wanted.map((item) => item.id),
          now,
        );
        await repo.updateOwned(userId, albumId, { updated_at: now });
      })
      .catch((err: unknown) => {
        // An item (or the album) removed for good by another request since it was found: as if never found.
        throw isForeignKeyViolation(err) ? notFound() : err;
      });
    return this.get(userId, albumId);
  }

  /** Takes the items out of the album (they stay in the vault); items that are not in it are no matter. */
  async removeItems(userId: number, albumId: number, items: ItemKey[]): Promise<AlbumSummary> {
    await this.d.repo.transaction(async (repo) => {
      if (!(await repo.findOwned(userId, albumId))) throw notFound();
      await repo.removeItems(albumId, unique(items));
      await repo.updateOwned(userId, albumId, { updated_at: this.now() });
    });
    return this.get(userId, albumId);
  }

  private now(): string {
    return this.d.clock.now().toISOString();
  }
}

/** Each item once, in the order first named. */
function unique(items: ItemKey[]): ItemKey[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.kind}:${item.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
