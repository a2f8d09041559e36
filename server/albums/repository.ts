import { sql, type Updateable } from 'kysely';
import { ALBUMS_PER_USER_MAX } from '../../contract/albums.ts';
import type { MediaKind } from '../../contract/media.ts';
import type { Db } from '../db/kysely.ts';
import { deleteOwnedRow } from '../db/owned.ts';
import { liveOf } from '../media/records/owned.ts';
import type { Album, Media } from '../db/types.ts';
import type { AlbumsTable } from '../db/tables/media.ts';

export type AlbumPatch = Updateable<Omit<AlbumsTable, 'id' | 'user_id' | 'created_at'>>;

/** An album with what its answer shows of its items: how many are outside the trash, and its cover. */
export interface AlbumSummary extends Album {
  item_count: number;
  cover: { kind: MediaKind; id: number; thumbnail_key: string | null; poster_key: string | null } | null;
}

/** An item named by kind and id. */
export interface ItemKey {
  kind: MediaKind;
  id: number;
}

/**
 * All SQL of albums and their items. Every query is bounded by the owner: an album or item of another
 * user is simply not found. Items in the trash (media.deleted_at set) are left out of every view.
 */
export class AlbumsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: AlbumsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AlbumsRepository(trx)));
  }

  /**
   * The owner's albums (newest first), or the one named, each with its count and cover in one query: per
   * album, its items outside the trash numbered in cover order (the chosen cover, then photos and videos,
   * then recordings, each in the order added); the first is the cover, their number the count.
   */
  async summaries(userId: number, albumId?: number): Promise<AlbumSummary[]> {
    const ranked = this.db
      .selectFrom('album_items')
      .innerJoin('albums as owner', 'owner.id', 'album_items.album_id')
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .select([
        'album_items.album_id',
        'media.id as media_id',
        'media.kind',
        'media.thumbnail_key',
        'media.poster_key',
        sql<number>`count(*) over (partition by album_items.album_id)`.as('item_count'),
        sql<number>`row_number() over (
          partition by album_items.album_id
          order by case when media.id = owner.cover_media_id then 0 when media.kind = 'audio' then 2 else 1 end, album_items.id
        )`.as('rank'),
      ])
      .where('owner.user_id', '=', userId)
      .where('media.user_id', '=', userId)
      .where('media.deleted_at', 'is', null)
      .$if(albumId !== undefined, (q) => q.where('owner.id', '=', albumId!));
    const rows = await this.db
      .selectFrom('albums')
      .leftJoin(ranked.as('first'), (join) => join.onRef('first.album_id', '=', 'albums.id').on('first.rank', '=', 1))
      .selectAll('albums')
      .select(['first.media_id', 'first.kind', 'first.thumbnail_key', 'first.poster_key', 'first.item_count'])
      .where('albums.user_id', '=', userId)
      .$if(albumId !== undefined, (q) => q.where('albums.id', '=', albumId!))
      .orderBy('albums.created_at', 'desc')
      .orderBy('albums.id', 'desc')
      // Bounded as the number of albums is (a race of creations could pass the cap by a few).
      .limit(ALBUMS_PER_USER_MAX)
      .execute();
    return rows.map(({ media_id, kind, thumbnail_key, poster_key, item_count, ...album }) => ({
      ...album,
      item_count: Number(item_count ?? 0),
      cover: media_id !== null && kind !== null ? { kind, id: media_id, thumbnail_key, poster_key } : null,
    }));
  }

  /** How many albums the user has. */
  async countOwned(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('albums')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  findOwned(userId: number, albumId: number): Promise<Album | undefined> {
    return this.db.selectFrom('albums').selectAll().where('id', '=', albumId).where('user_id', '=', userId).executeTakeFirst();
  }

  insert(row: { user_id: number; title: string; description: string; created_at: string; updated_at: string }): Promise<Album> {
    return this.db
      .insertInto('albums')
      .values({ ...row, cover_media_id: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateOwned(userId: number, albumId: number, patch: AlbumPatch): Promise<Album | undefined> {
    return this.db
      .updateTable('albums')
      .set(patch)
      .where('id', '=', albumId)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the album; its memberships (and links) go with it, its items stay. False when the owner has no such album. */
  deleteOwned(userId: number, albumId: number): Promise<boolean> {
    return deleteOwnedRow(this.db, 'albums', userId, albumId);
  }

  /** The album's items outside the trash, in the order they were added. */
  items(userId: number, albumId: number): Promise<Media[]> {
    return this.db
      .selectFrom('album_items')
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .selectAll('media')
      .where('album_items.album_id', '=', albumId)
      .where(liveOf(userId))
      .orderBy('album_items.id')
      .execute();
  }

  /** Which of the named items the owner has outside the trash: their ids (an id of another kind does not count). */
  async liveOwnedIds(userId: number, items: ItemKey[]): Promise<Set<number>> {
    if (!items.length) return new Set();
    const rows = await this.db
      .selectFrom('media')
      .select('id')
      .where(liveOf(userId))
      .where((eb) => eb.or(items.map((item) => eb.and([eb('id', '=', item.id), eb('kind', '=', item.kind)]))))
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Whether the item is in the album and outside the trash. */
  async holdsLive(albumId: number, item: ItemKey): Promise<boolean> {
    const row = await this.db
      .selectFrom('album_items')
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .select('media.id')
      .where('album_items.album_id', '=', albumId)
      .where('media.id', '=', item.id)
      .where('media.kind', '=', item.kind)
      .where('media.deleted_at', 'is', null)
      .executeTakeFirst();
    return !!row;
  }

  /** Adds the items in the order given; one already in the album stays where it is. */
  async addItems(albumId: number, mediaIds: number[], now: string): Promise<void> {
    if (!mediaIds.length) return;
    await this.db
      .insertInto('album_items')
      .values(mediaIds.map((media_id) => ({ album_id: albumId, media_id, added_at: now })))
      .onConflict((oc) => oc.columns(['album_id', 'media_id']).doNothing())
      .execute();
  }

  /** Takes the named items out of the album (the cover too, when it is one of them); items not in it are no matter. */
  async removeItems(albumId: number, items: ItemKey[]): Promise<void> {
    if (!items.length) return;
    const named = this.db
      .selectFrom('media')
      .select('id')
      .where((eb) => eb.or(items.map((item) => eb.and([eb('id', '=', item.id), eb('kind', '=', item.kind)]))));
    await this.db.deleteFrom('album_items').where('album_id', '=', albumId).where('media_id', 'in', named).execute();
    await this.db
      .updateTable('albums')
      .set({ cover_media_id: null })
      .where('id', '=', albumId)
      .where('cover_media_id', 'in', named)
      .execute();
  }
}
