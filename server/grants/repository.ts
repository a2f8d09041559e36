import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { DB } from '../db/types.ts';

/** SQL of whether the permission behind a grant still holds (grants.ts). */
export class GrantsRepository {
  constructor(private readonly db: Db) {}

  /**
   * True while the session is the owner's and live: not ended, opened under the user's current
   * credentials, of an active user that still exists, with a refresh token not yet expired.
   */
  async sessionAlive(sessionId: string, ownerId: number, now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', ownerId)
      .where('sessions.revoked_at', 'is', null)
      .whereRef('sessions.credential_version', '=', 'users.credential_version')
      .where('users.is_active', '=', 1)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.jti')
            .whereRef('refresh_tokens.family_id', '=', 'sessions.id')
            .where('refresh_tokens.expires_at', '>', now),
        ),
      )
      .executeTakeFirst();
    return !!row;
  }

  /**
   * True while the share link is the owner's and live: not revoked (its row is there), not paused, not expired, of an
   * active user, and its item outside the trash (an album's link lives as long as its album: its row goes
   * with it).
   */
  async shareAlive(shareId: number, ownerId: number, now: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('shares')
      .innerJoin('users', 'users.id', 'shares.user_id')
      .leftJoin('media', 'media.id', 'shares.media_id')
      .select('shares.id')
      .where('shares.id', '=', shareId)
      .where('shares.user_id', '=', ownerId)
      .where('shares.paused_at', 'is', null)
      .where('users.is_active', '=', 1)
      .where((eb) => eb.or([eb('shares.expires_at', 'is', null), eb('shares.expires_at', '>', now)]))
      .where((eb) => eb.or([eb('shares.media_id', 'is', null), eb('media.deleted_at', 'is', null)]))
      .executeTakeFirst();
    return !!row;
  }

  /**
   * True while the membership is live (both accounts active, the album there) and the item is in its album,
   * outside the trash, of `ownerId`, named by `key`, and added by someone who still shares the album (its
   * owner or a member).
   */
  async memberItemAlive(membershipId: number, mediaId: number, ownerId: number, key: string): Promise<boolean> {
    const row = await this.liveMembership(membershipId)
      .innerJoin('album_items', (join) =>
        join.onRef('album_items.album_id', '=', 'album_members.album_id').on('album_items.media_id', '=', mediaId),
      )
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .innerJoin('users as adder', 'adder.id', 'media.user_id')
      .select('media.id')
      .where('media.user_id', '=', ownerId)
      .where('media.deleted_at', 'is', null)
      .where('adder.is_active', '=', 1)
      .where((eb) => namesKey(eb, key))
      .where((eb) =>
        eb.or([
          eb('media.user_id', '=', eb.ref('albums.user_id')),
          eb.exists(
            eb
              .selectFrom('album_members as adder_member')
              .select('adder_member.id')
              .whereRef('adder_member.album_id', '=', 'albums.id')
              .whereRef('adder_member.user_id', '=', 'media.user_id'),
          ),
        ]),
      )
      .executeTakeFirst();
    return !!row;
  }

  /** True while the membership is live and `key` is the avatar of `ownerId`, the album's owner or one of its members. */
  async memberFaceAlive(membershipId: number, ownerId: number, key: string): Promise<boolean> {
    const row = await this.liveMembership(membershipId)
      .innerJoin('users as face', (join) => join.on('face.id', '=', ownerId))
      .select('face.id')
      .where('face.photo_key', '=', key)
      .where((eb) =>
        eb.or([
          eb('albums.user_id', '=', ownerId),
          eb.exists(
            eb
              .selectFrom('album_members as other')
              .select('other.id')
              .whereRef('other.album_id', '=', 'albums.id')
              .where('other.user_id', '=', ownerId),
          ),
        ]),
      )
      .executeTakeFirst();
    return !!row;
  }

  /**
   * True while the album's owner is active and the item, of `ownerId` (a member of the album), is in the
   * album outside the trash and named by `key`: the owner's view of what a member added.
   */
  async albumItemAlive(albumId: number, mediaId: number, ownerId: number, key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('albums')
      .innerJoin('users as owner', 'owner.id', 'albums.user_id')
      .innerJoin('album_members', (join) =>
        join.onRef('album_members.album_id', '=', 'albums.id').on('album_members.user_id', '=', ownerId),
      )
      .innerJoin('users as adder', 'adder.id', 'album_members.user_id')
      .innerJoin('album_items', (join) => join.onRef('album_items.album_id', '=', 'albums.id').on('album_items.media_id', '=', mediaId))
      .innerJoin('media', 'media.id', 'album_items.media_id')
      .select('media.id')
      .where('albums.id', '=', albumId)
      .where('owner.is_active', '=', 1)
      .where('adder.is_active', '=', 1)
      .where('media.user_id', '=', ownerId)
      .where('media.deleted_at', 'is', null)
      .where((eb) => namesKey(eb, key))
      .executeTakeFirst();
    return !!row;
  }

  /** True while the album's owner is active and `key` is the avatar of `ownerId`, a member of the album. */
  async albumFaceAlive(albumId: number, ownerId: number, key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('albums')
      .innerJoin('users as owner', 'owner.id', 'albums.user_id')
      .innerJoin('album_members', (join) =>
        join.onRef('album_members.album_id', '=', 'albums.id').on('album_members.user_id', '=', ownerId),
      )
      .innerJoin('users as face', 'face.id', 'album_members.user_id')
      .select('face.id')
      .where('albums.id', '=', albumId)
      .where('owner.is_active', '=', 1)
      .where('face.photo_key', '=', key)
      .executeTakeFirst();
    return !!row;
  }

  /**
   * True while the partnership is live (both accounts active) and the item is the sharer's (`ownerId`), outside
   * the trash, named by `key`, and of a kind it shows (a recording only with include_audio).
   */
  async partnerItemAlive(partnershipId: number, mediaId: number, ownerId: number, key: string): Promise<boolean> {
    const row = await this.livePartnership(partnershipId)
      .innerJoin('media', (join) => join.onRef('media.user_id', '=', 'partners.user_id').on('media.id', '=', mediaId))
      .select('media.id')
      .where('partners.user_id', '=', ownerId)
      .where('media.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('media.kind', '!=', 'audio'), eb('partners.include_audio', '=', 1)]))
      .where((eb) => namesKey(eb, key))
      .executeTakeFirst();
    return !!row;
  }

  /** True while the partnership is live and `key` is the avatar of one of the two (`ownerId`). */
  async partnerFaceAlive(partnershipId: number, ownerId: number, key: string): Promise<boolean> {
    const row = await this.livePartnership(partnershipId)
      .innerJoin('users as face', (join) => join.on('face.id', '=', ownerId))
      .select('face.id')
      .where('face.photo_key', '=', key)
      .where((eb) => eb.or([eb('partners.user_id', '=', ownerId), eb('partners.partner_id', '=', ownerId)]))
      .executeTakeFirst();
    return !!row;
  }

  /** The membership with its album, while the album's owner and the member are both active. */
  private liveMembership(membershipId: number) {
    return this.db
      .selectFrom('album_members')
      .innerJoin('albums', 'albums.id', 'album_members.album_id')
      .innerJoin('users as member', 'member.id', 'album_members.user_id')
      .innerJoin('users as album_owner', 'album_owner.id', 'albums.user_id')
      .where('album_members.id', '=', membershipId)
      .where('member.is_active', '=', 1)
      .where('album_owner.is_active', '=', 1);
  }

  /** The partnership, while both accounts are active. */
  private livePartnership(partnershipId: number) {
    return this.db
      .selectFrom('partners')
      .innerJoin('users as sharer', 'sharer.id', 'partners.user_id')
      .innerJoin('users as viewer', 'viewer.id', 'partners.partner_id')
      .where('partners.id', '=', partnershipId)
      .where('sharer.is_active', '=', 1)
      .where('viewer.is_active', '=', 1);
  }
}

/** The media row names `key` as one of its files. */
const namesKey = (eb: ExpressionBuilder<DB, 'media'>, key: string) =>
  eb.or([
    eb('media.original_key', '=', key),
    eb('media.playable_key', '=', key),
    eb('media.thumbnail_key', '=', key),
    eb('media.preview_key', '=', key),
    eb('media.poster_key', '=', key),
  ]);
