import type { Db } from '../db/kysely.ts';

/** SQL for the owner's list of sessions. A live session: not ended, opened under the current credentials, with an unexpired token. */
export class SessionListRepository {
  constructor(private readonly db: Db) {}

  private live(userId: number, now: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .where('sessions.user_id', '=', userId)
      .where('sessions.revoked_at', 'is', null)
      .whereRef('sessions.credential_version', '=', 'users.credential_version')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.jti')
            .whereRef('refresh_tokens.family_id', '=', 'sessions.id')
            .where('refresh_tokens.replaced_by', 'is', null)
            .where('refresh_tokens.expires_at', '>', now),
        ),
      );
  }

  /** The user's live sessions, most recently used first. */
  liveSessions(userId: number, now: string) {
    return this.live(userId, now)
      .select(['sessions.id', 'sessions.user_agent', 'sessions.ip', 'sessions.created_at', 'sessions.last_used_at'])
      .orderBy('sessions.last_used_at', 'desc')
      .orderBy('sessions.created_at', 'desc')
      .execute();
  }

  /** Ends one of the user's own live sessions; false when there is no such session of theirs. */
  async revoke(userId: number, sessionId: string, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Ends every session of the user but one; how many ended. */
  async revokeAllBut(userId: number, keepId: string, now: string): Promise<number> {
    const res = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('id', '!=', keepId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }
}
