import type { MediaKind } from '../../contract/media.ts';
import type { Db } from '../db/kysely.ts';
import { deleteOwnedRow } from '../db/owned.ts';
import type { Media, Share } from '../db/types.ts';
import { liveItem, liveOf } from '../media/records/owned.ts';

/** A link with what the owner's list shows of its target. */
export interface ShareWithTarget extends Share {
  media_kind: MediaKind | null;
  media_title: string | null;
  media_deleted_at: string | null;
  album_title: string | null;
}

/** A live link found by its token, with its target: the item (outside the trash) or the album. */
export type OpenableShare = Share & { target: { item: Media } | { album: { id: number; title: string; description: string } } };

/**
 * All SQL of share links. A link is alive while its row exists (revoking deletes it; so do deleting its
 * owner, its item or its album, by cascade), it is not paused (`paused_at`: a recovery paused it), its
 * owner is active and `expires_at` (ISO, compared as text) is after now; an item link opens only while its
 * item is outside the trash.
 */
export class SharesRepository {
  constructor(private readonly db: Db) {}

  /** The owner's item of that kind outside the trash. */
  ownedLiveItem(userId: number, kind: MediaKind, id: number): Promise<Media | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where(liveItem(userId, kind, id))
      .executeTakeFirst();
  }

  ownedAlbum(userId: number, albumId: number): Promise<{ id: number; title: string } | undefined> {
    return this.db.selectFrom('albums').select(['id', 'title']).where('id', '=', albumId).where('user_id', '=', userId).executeTakeFirst();
  }

  insert(row: Omit<Share, 'id' | 'view_count' | 'last_viewed_at'>): Promise<Share> {
    return this.db
      .insertInto('shares')
      .values({ ...row, last_viewed_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The owner's links, newest first, expired ones included, with their targets' titles. */
  listOwned(userId: number, shareId?: number): Promise<ShareWithTarget[]> {
    return this.db
      .selectFrom('shares')
      .leftJoin('media', 'media.id', 'shares.media_id')
      .leftJoin('albums', 'albums.id', 'shares.album_id')
      .selectAll('shares')
      .select([
        'media.kind as media_kind',
        'media.title as media_title',
        'media.deleted_at as media_deleted_at',
        'albums.title as album_title',
      ])
      .where('shares.user_id', '=', userId)
      .$if(shareId !== undefined, (q) => q.where('shares.id', '=', shareId!))
      .orderBy('shares.created_at', 'desc')
      .orderBy('shares.id', 'desc')
      .execute();
  }

  /** Turns the owner's paused link back on. */
  async resumeOwned(userId: number, shareId: number): Promise<void> {
    await this.db.updateTable('shares').set({ paused_at: null }).where('id', '=', shareId).where('user_id', '=', userId).execute();
  }

  /** Revokes the owner's link; false when they have no such link. */
  deleteOwned(userId: number, shareId: number): Promise<boolean> {
    return deleteOwnedRow(this.db, 'shares', userId, shareId);
  }

  /** The live link with this token hash and its target, or undefined (unknown, revoked, paused, expired, owner gone, item in the trash). */
  findOpenable(tokenHash: string, now: string): Promise<OpenableShare | undefined> {
    return this.openable({ token_hash: tokenHash }, now);
  }

  /** The same by the link's id (what an album's «Скачать всё» URL names, sealed). */
  findOpenableById(shareId: number, now: string): Promise<OpenableShare | undefined> {
    return this.openable({ id: shareId }, now);
  }

  private async openable(by: { token_hash: string } | { id: number }, now: string): Promise<OpenableShare | undefined> {
    const share = await this.db
      .selectFrom('shares')
      .innerJoin('users', 'users.id', 'shares.user_id')
      .selectAll('shares')
      .where((eb) => ('id' in by ? eb('shares.id', '=', by.id) : eb('shares.token_hash', '=', by.token_hash)))
      .where('shares.paused_at', 'is', null)
      .where('users.is_active', '=', 1)
      .where((eb) => eb.or([eb('shares.expires_at', 'is', null), eb('shares.expires_at', '>', now)]))
      .executeTakeFirst();
    if (!share) return undefined;
    if (share.media_id !== null) {
      const item = await this.ownedLive(share.user_id, share.media_id);
      return item ? { ...share, target: { item } } : undefined;
    }
    const album = await this.db
      .selectFrom('albums')
      .select(['id', 'title', 'description'])
      .where('id', '=', share.album_id!)
      .where('user_id', '=', share.user_id)
      .executeTakeFirst();
    return album ? { ...share, target: { album } } : undefined;
  }

  /** One more opening of the link. */
  async recordView(shareId: number, now: string): Promise<void> {
    await this.db
      .updateTable('shares')
      .set((eb) => ({ view_count: eb('view_count', '+', 1), last_viewed_at: now }))
      .where('id', '=', shareId)
      .execute();
  }

  /**
   * The item behind a share's media URL when the link's target holds it: the link's own item, or an item
   * of its album, the owner's and outside the trash; with whether the link allows downloads. Whether the
   * link itself is alive is the grant's question (grants/).
   */
  async itemOfShare(shareId: number, mediaId: number): Promise<{ item: Media; allowDownload: boolean } | undefined> {
    const row = await this.db
      .selectFrom('shares')
      .innerJoin('media', (join) => join.on('media.id', '=', mediaId).onRef('media.user_id', '=', 'shares.user_id'))
      .selectAll('media')
      .select('shares.allow_download as share_allow_download')
      .where('shares.id', '=', shareId)
      .where('media.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('shares.media_id', '=', eb.ref('media.id')),
          eb.exists(
            eb
              .selectFrom('album_items')
              .select('album_items.id')
              .whereRef('album_items.album_id', '=', 'shares.album_id')
              .whereRef('album_items.media_id', '=', 'media.id'),
          ),
        ]),
      )
      .executeTakeFirst();
    if (!row) return undefined;
    const { share_allow_download: allow, ...item } = row;
    return { item, allowDownload: allow === 1 };
  }

  private ownedLive(userId: number, mediaId: number): Promise<Media | undefined> {
    return this.db.selectFrom('media').selectAll().where(liveOf(userId)).where('id', '=', mediaId).executeTakeFirst();
  }

  /** How many links the owner keeps (a revoked one is gone). */
  async countOwned(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * One page of an album link's items: the owner's items of the album outside the trash, in the order they
   * were added, at most `limit` of them after the album entry `after` (0: from the first), each with its
   * entry's id (`entry_id`: where the page after it starts).
   */
  albumPage(userId: number, albumId: number, after: number, limit: number): Promise<(Media & { entry_id: number })[]> {
    return this.db
      .selectFrom('album_items')
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .selectAll('media')
      .select('album_items.id as entry_id')
      .where('album_items.album_id', '=', albumId)
      .where('album_items.id', '>', after)
      .where(liveOf(userId))
      .orderBy('album_items.id')
      .limit(limit)
      .execute();
  }

  /** How many of the owner's items the album holds outside the trash. */
  async albumItemCount(userId: number, albumId: number): Promise<number> {
    const row = await this.db
      .selectFrom('album_items')
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('album_items.album_id', '=', albumId)
      .where(liveOf(userId))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
