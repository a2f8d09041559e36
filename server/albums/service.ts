import { ALBUM_MESSAGES, ALBUMS_PER_USER_MAX } from '../../contract/albums.ts';
import { HOUSEHOLD_MESSAGES } from '../../contract/household.ts';
import type { Clock } from '../clock.ts';
import type { Media } from '../db/types.ts';
import { isForeignKeyViolation } from '../db/constraints.ts';
import { detailError, fieldError, notFound } from '../http/errors.ts';
import type { DownloadChoice } from '../media/kinds.ts';
import { MEDIA_KINDS } from '../media/kinds.ts';
import type { AlbumEntry, AlbumPatch, AlbumsRepository, AlbumSummary, AlbumView, ItemKey } from './repository.ts';

export interface AlbumsServiceDeps {
  repo: AlbumsRepository;
  clock: Clock;
}

export interface AlbumDetails {
  title?: string;
  description?: string;
}

/** An edit: details, the cover (an item of the album; null: back to the default one), whether members may download. */
export interface AlbumEdit extends AlbumDetails {
  cover?: ItemKey | null;
  allow_download?: boolean;
}

/** A page of an album: after the item at `after` (its position), at most `limit` items; nulls: from the start, all of them. */
export interface AlbumPage {
  after: number | null;
  limit: number | null;
}

/** What only the owner may do, asked by a member: 403 (a stranger gets 404 before this). */
const ownerOnly = () => detailError(403, HOUSEHOLD_MESSAGES.ownerOnly);

/**
 * Albums: made, renamed, described, given a cover, filled and emptied, deleted by their owner, who may also
 * share one with accounts of this server (members/). An album holds items of any kind, in the order they were
 * added; deleting an album, or taking an item out of it, never touches the item. Its members see it; a
 * contributor adds and takes out their own items, a viewer only looks; everything else is the owner's (403
 * to a member), and to anyone else the album does not exist (404). What the album shows leaves out items in
 * the trash, so they come back with a restore, and items of someone who no longer shares it.
 */
export class AlbumsService {
  constructor(private readonly d: AlbumsServiceDeps) {}

  /** The viewer's own albums and those shared with them, newest first. */
  list(viewerId: number): Promise<AlbumSummary[]> {
    return this.d.repo.summaries(viewerId);
  }

  async get(viewerId: number, albumId: number): Promise<AlbumSummary> {
    const [album] = await this.d.repo.summaries(viewerId, albumId);
    if (!album) throw notFound();
    return album;
  }

  /** The album as the viewer sees it, their part in it: 404 to anyone who neither owns it nor is a member. */
  async view(viewerId: number, albumId: number): Promise<AlbumView> {
    const view = await this.d.repo.view(viewerId, albumId);
    if (!view) throw notFound();
    return view;
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

  /** Changes what the edit names (the owner only); a cover must be an item the album shows (400 on `cover` otherwise). */
  async update(viewerId: number, albumId: number, edit: AlbumEdit): Promise<AlbumSummary> {
    const { cover, allow_download: allowDownload, ...details } = edit;
    await this.d.repo.transaction(async (repo) => {
      const view = await repo.view(viewerId, albumId);
      if (!view) throw notFound();
      if (view.role !== 'owner') throw ownerOnly();
      const patch: AlbumPatch = { ...details };
      if (allowDownload !== undefined) patch.allow_download = allowDownload ? 1 : 0;
      if (cover !== undefined) {
        if (cover && !(await repo.shownItem(albumId, cover))) throw fieldError('cover', ALBUM_MESSAGES.coverNotInAlbum);
        patch.cover_media_id = cover ? cover.id : null;
      }
      if (Object.keys(patch).length === 0) return;
      patch.updated_at = this.now();
      await repo.updateOwned(viewerId, albumId, patch);
    });
    return this.get(viewerId, albumId);
  }

  /** Deletes the album (the owner only); its items stay where else they are, its members lose it. */
  async remove(viewerId: number, albumId: number): Promise<void> {
    if (await this.d.repo.deleteOwned(viewerId, albumId)) return;
    await this.view(viewerId, albumId); // a stranger: 404
    throw ownerOnly();
  }

  /** What the album shows its owner and members, in the order added, a page at a time, with who added each item. */
  async entries(viewerId: number, albumId: number, page: AlbumPage): Promise<{ view: AlbumView; entries: AlbumEntry[] }> {
    const view = await this.view(viewerId, albumId);
    return { view, entries: await this.d.repo.entries(albumId, page.after, page.limit) };
  }

  /**
   * Adds the viewer's own items (outside the trash) in the order given: the owner's, or a contributor's (a viewer:
   * 403); one already there stays where it is. Any item that is not the viewer's, or is in the trash, refuses
   * the whole request with 404 and adds nothing.
   */
  async addItems(viewerId: number, albumId: number, items: ItemKey[]): Promise<AlbumSummary> {
    const wanted = unique(items);
    await this.d.repo
      .transaction(async (repo) => {
        const view = await this.editable(repo, viewerId, albumId);
        const found = await repo.liveOwnedIds(viewerId, wanted);
        if (wanted.some((item) => !found.has(item.id))) throw notFound();
        const now = this.now();
        await repo.addItems(
          albumId,
          wanted.map((item) => item.id),
          now,
        );
        await repo.updateOwned(view.user_id, albumId, { updated_at: now });
      })
      .catch((err: unknown) => {
        // An item (or the album) removed for good by another request since it was found: as if never found.
        throw isForeignKeyViolation(err) ? notFound() : err;
      });
    return this.get(viewerId, albumId);
  }

  /**
   * Takes the items out of the album (they stay in their owners' vaults); items that are not in it are no
   * matter. The owner takes out anyone's; a contributor only their own (naming another's refuses the whole
   * request with 403); a viewer nothing (403).
   */
  async removeItems(viewerId: number, albumId: number, items: ItemKey[]): Promise<AlbumSummary> {
    const named = unique(items);
    await this.d.repo.transaction(async (repo) => {
      const view = await this.editable(repo, viewerId, albumId);
      if (view.role !== 'owner' && (await repo.ownersInAlbum(albumId, named)).some((owner) => owner !== viewerId)) {
        throw detailError(403, HOUSEHOLD_MESSAGES.notYourItem);
      }
      await repo.removeItems(albumId, named);
      await repo.updateOwned(view.user_id, albumId, { updated_at: this.now() });
    });
    return this.get(viewerId, albumId);
  }

  /**
   * What a member downloads of an item the album shows that is not theirs: the kind's default download (the
   * copy made for playing and viewing, never an original), only while the album allows it (403 otherwise).
   */
  async download(
    viewerId: number,
    albumId: number,
    item: ItemKey,
  ): Promise<{ view: AlbumView; row: Media; file: DownloadChoice & { filename: string } }> {
    const view = await this.view(viewerId, albumId);
    const row = await this.d.repo.shownItem(albumId, item);
    if (!row) throw notFound();
    if (row.user_id !== viewerId && view.role !== 'owner' && !view.allow_download) {
      throw detailError(403, HOUSEHOLD_MESSAGES.downloadNotAllowed);
    }
    const kind = MEDIA_KINDS[row.kind];
    const choice = kind.download(row, undefined);
    if (!choice) throw notFound();
    const title = row.title.trim() || `${kind.fallbackName}-${row.id}`;
    return { view, row, file: { ...choice, filename: `${title}.${choice.ext}` } };
  }

  /** The album if the viewer may add and take out items: its owner or a contributor (a viewer: 403; a stranger: 404). */
  private async editable(repo: AlbumsRepository, viewerId: number, albumId: number): Promise<AlbumView> {
    const view = await repo.view(viewerId, albumId);
    if (!view) throw notFound();
    if (view.role === 'viewer') throw detailError(403, HOUSEHOLD_MESSAGES.viewerCannotEdit);
    return view;
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
