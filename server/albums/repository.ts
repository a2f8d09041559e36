import { sql, type ExpressionBuilder, type Updateable } from 'kysely';
import { ALBUMS_PER_USER_MAX } from '../../contract/albums.ts';
import type { MediaKind } from '../../contract/media.ts';
import type { Db } from '../db/kysely.ts';
import { deleteOwnedRow } from '../db/owned.ts';
import { liveOf } from '../media/records/owned.ts';
import type { Album, AlbumRole, AlbumsTable, DB, Media } from '../db/types.ts';
import type { PersonRow } from '../accounts/person.ts';

export type AlbumPatch = Updateable<Omit<AlbumsTable, 'id' | 'user_id' | 'created_at'>>;

/** The viewer's part in an album: its owner, or a member in a role (with the membership's id). */
export type AlbumPart = { role: 'owner'; membershipId: null } | { role: AlbumRole; membershipId: number };

/** An album as one viewer sees it: the row, their part in it, and its owner. */
export type AlbumView = Album & AlbumPart & { owner: PersonRow };

/** An album with what its answer shows of its items: how many are shown, and its cover. */
export interface AlbumSummary extends Album {
  item_count: number;
  cover: { kind: MediaKind; id: number; user_id: number; thumbnail_key: string | null; poster_key: string | null } | null;
  part: AlbumPart;
  owner: PersonRow;
}

/** An album's item as its page shows it: the row, its place in the album, when it was added, and by whom (its owner). */
export type AlbumEntry = Media & { position: number; added_at: string; adder: PersonRow };

/** An item named by kind and id. */
export interface ItemKey {
  kind: MediaKind;
  id: number;
}

type InAlbum = ExpressionBuilder<DB, 'album_items' | 'media' | 'albums'>;

/**
 * Who sees an item of an album: it is outside the trash, and whoever added it (its owner: everyone adds only
 * their own) still shares the album — its owner, or one of its members. An item left behind by someone who is
 * no longer a member (their items leave with them) is shown to nobody.
 */
const shownInAlbum = (eb: InAlbum) =>
  eb.and([
    eb('media.deleted_at', 'is', null),
    eb.or([
      eb('media.user_id', '=', eb.ref('albums.user_id')),
      eb.exists(
        eb
          .selectFrom('album_members as adder')
          .select('adder.id')
          .whereRef('adder.album_id', '=', 'albums.id')
          .whereRef('adder.user_id', '=', 'media.user_id'),
      ),
    ]),
  ]);

/**
 * All SQL of albums and their items. An album is seen by its owner and its members; anyone else's question
 * about it finds nothing. What an album shows is its items outside the trash whose adder still shares it.
 */
export class AlbumsRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (repo: AlbumsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AlbumsRepository(trx)));
  }

  /**
   * The albums the viewer owns or is a member of (or the one named, if so): their ids, each kind bounded as the
   * number of albums is (a race of creations could pass the cap by a few: the newest are kept).
   */
  private async visibleIds(viewerId: number, albumId?: number): Promise<number[]> {
    const [own, shared] = await Promise.all([
      this.db
        .selectFrom('albums')
        .select('id')
        .where('user_id', '=', viewerId)
        .$if(albumId !== undefined, (q) => q.where('id', '=', albumId!))
        .orderBy('id', 'desc')
        .limit(ALBUMS_PER_USER_MAX)
        .execute(),
      this.db
        .selectFrom('album_members')
        .innerJoin('albums', 'albums.id', 'album_members.album_id')
        .innerJoin('users', 'users.id', 'albums.user_id')
        .select('albums.id')
        .where('album_members.user_id', '=', viewerId)
        .where('users.is_active', '=', 1)
        .$if(albumId !== undefined, (q) => q.where('albums.id', '=', albumId!))
        .orderBy('album_members.id', 'desc')
        .limit(ALBUMS_PER_USER_MAX)
        .execute(),
    ]);
    return [...own, ...shared].map((r) => r.id);
  }

  /**
   * The albums the viewer owns or is a member of (newest first), or the one named, each with its count and
   * cover in one query: per album, the items it shows numbered in cover order (the chosen cover, then photos
   * and videos, then recordings, each in the order added); the first is the cover, their number the count.
   */
  async summaries(viewerId: number, albumId?: number): Promise<AlbumSummary[]> {
    const ids = await this.visibleIds(viewerId, albumId);
    if (!ids.length) return [];
    const ranked = this.db
      .selectFrom('album_items')
      .innerJoin('albums', 'albums.id', 'album_items.album_id')
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .select([
        'album_items.album_id',
        'media.id as media_id',
        'media.kind',
        'media.user_id as media_user_id',
        'media.thumbnail_key',
        'media.poster_key',
        sql<number>`count(*) over (partition by album_items.album_id)`.as('item_count'),
        sql<number>`row_number() over (
          partition by album_items.album_id
          order by case when media.id = albums.cover_media_id then 0 when media.kind = 'audio' then 2 else 1 end, album_items.id
        )`.as('rank'),
      ])
      .where('album_items.album_id', 'in', ids)
      .where(shownInAlbum);
    const rows = await this.db
      .selectFrom('albums')
      .innerJoin('users as owner', 'owner.id', 'albums.user_id')
      .leftJoin('album_members as mine', (join) => join.onRef('mine.album_id', '=', 'albums.id').on('mine.user_id', '=', viewerId))
      .leftJoin(ranked.as('first'), (join) => join.onRef('first.album_id', '=', 'albums.id').on('first.rank', '=', 1))
      .selectAll('albums')
      .select([
        'first.media_id',
        'first.kind',
        'first.media_user_id',
        'first.thumbnail_key',
        'first.poster_key',
        'first.item_count',
        'mine.id as membership_id',
        'mine.role',
        'owner.id as owner_id',
        'owner.first_name as owner_first_name',
        'owner.last_name as owner_last_name',
        'owner.username as owner_username',
        'owner.photo_key as owner_photo_key',
      ])
      .where('albums.id', 'in', ids)
      .orderBy('albums.created_at', 'desc')
      .orderBy('albums.id', 'desc')
      .execute();
    return rows.map(
      ({
        media_id,
        kind,
        media_user_id,
        thumbnail_key,
        poster_key,
        item_count,
        membership_id,
        role,
        owner_id,
        owner_first_name,
        owner_last_name,
        owner_username,
        owner_photo_key,
        ...album
      }) => ({
        ...album,
        item_count: Number(item_count ?? 0),
        cover:
          media_id !== null && kind !== null && media_user_id !== null
            ? { kind, id: media_id, user_id: media_user_id, thumbnail_key, poster_key }
            : null,
        part:
          album.user_id === viewerId || membership_id === null || role === null
            ? { role: 'owner', membershipId: null }
            : { role, membershipId: membership_id },
        owner: {
          id: owner_id,
          first_name: owner_first_name,
          last_name: owner_last_name,
          username: owner_username,
          photo_key: owner_photo_key,
        },
      }),
    );
  }

  /** The album as the viewer sees it (owner or member, the owner's account active), or undefined. */
  async view(viewerId: number, albumId: number): Promise<AlbumView | undefined> {
    const row = await this.db
      .selectFrom('albums')
      .innerJoin('users as owner', 'owner.id', 'albums.user_id')
      .leftJoin('album_members as mine', (join) => join.onRef('mine.album_id', '=', 'albums.id').on('mine.user_id', '=', viewerId))
      .selectAll('albums')
      .select([
        'mine.id as membership_id',
        'mine.role',
        'owner.id as owner_id',
        'owner.first_name as owner_first_name',
        'owner.last_name as owner_last_name',
        'owner.username as owner_username',
        'owner.photo_key as owner_photo_key',
      ])
      .where('albums.id', '=', albumId)
      .where((eb) => eb.or([eb('albums.user_id', '=', viewerId), eb.and([eb('mine.id', 'is not', null), eb('owner.is_active', '=', 1)])]))
      .executeTakeFirst();
    if (!row) return undefined;
    const { membership_id, role, owner_id, owner_first_name, owner_last_name, owner_username, owner_photo_key, ...album } = row;
    const part: AlbumPart =
      album.user_id === viewerId || membership_id === null || role === null
        ? { role: 'owner', membershipId: null }
        : { role, membershipId: membership_id };
    return {
      ...album,
      ...part,
      owner: {
        id: owner_id,
        first_name: owner_first_name,
        last_name: owner_last_name,
        username: owner_username,
        photo_key: owner_photo_key,
      },
    };
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

  /**
   * What the album shows, in the order added, after the item at `after` (its position; null: from the start),
   * `limit` of them at most (null: all): each with its place, when it was added and by whom.
   */
  async entries(albumId: number, after: number | null, limit: number | null): Promise<AlbumEntry[]> {
    const rows = await this.db
      .selectFrom('album_items')
      .innerJoin('albums', 'albums.id', 'album_items.album_id')
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .innerJoin('users as adder', 'adder.id', 'media.user_id')
      .selectAll('media')
      .select([
        'album_items.id as position',
        'album_items.added_at',
        'adder.id as adder_id',
        'adder.first_name as adder_first_name',
        'adder.last_name as adder_last_name',
        'adder.username as adder_username',
        'adder.photo_key as adder_photo_key',
      ])
      .where('album_items.album_id', '=', albumId)
      .$if(after !== null, (q) => q.where('album_items.id', '>', after!))
      .where(shownInAlbum)
      .orderBy('album_items.id')
      .$if(limit !== null, (q) => q.limit(limit!))
      .execute();
    return rows.map(({ adder_id, adder_first_name, adder_last_name, adder_username, adder_photo_key, ...row }) => ({
      ...row,
      adder: {
        id: adder_id,
        first_name: adder_first_name,
        last_name: adder_last_name,
        username: adder_username,
        photo_key: adder_photo_key,
      },
    }));
  }

  /** The item if the album shows it (see shownInAlbum). */
  shownItem(albumId: number, item: ItemKey): Promise<Media | undefined> {
    return this.db
      .selectFrom('album_items')
      .innerJoin('albums', 'albums.id', 'album_items.album_id')
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .selectAll('media')
      .where('album_items.album_id', '=', albumId)
      .where('media.id', '=', item.id)
      .where('media.kind', '=', item.kind)
      .where(shownInAlbum)
      .executeTakeFirst();
  }

  /** Which of the named items the user has outside the trash: their ids (an id of another kind does not count). */
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

  /** Whose the named items in the album are (their owners' ids), trash included: what a member may take out is theirs alone. */
  async ownersInAlbum(albumId: number, items: ItemKey[]): Promise<number[]> {
    if (!items.length) return [];
    const rows = await this.db
      .selectFrom('album_items')
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .select('media.user_id')
      .distinct()
      .where('album_items.album_id', '=', albumId)
      .where((eb) => eb.or(items.map((item) => eb.and([eb('media.id', '=', item.id), eb('media.kind', '=', item.kind)]))))
      .execute();
    return rows.map((r) => r.user_id);
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

  /** Takes every item of `userId` out of the album (a member who leaves or is removed takes theirs along), the cover too. */
  async removeItemsOf(albumId: number, userId: number): Promise<void> {
    const theirs = this.db.selectFrom('media').select('id').where('user_id', '=', userId);
    await this.db.deleteFrom('album_items').where('album_id', '=', albumId).where('media_id', 'in', theirs).execute();
    await this.db
      .updateTable('albums')
      .set({ cover_media_id: null })
      .where('id', '=', albumId)
      .where('cover_media_id', 'in', theirs)
      .execute();
  }
}
