import type { Db } from '../db/kysely.ts';

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
}
