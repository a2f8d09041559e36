import type { Db } from '../db/kysely.ts';

/** SQL for reset tokens, sessions and refresh tokens (one-time codes: accounts/codes-repository.ts). Times are ISO strings. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  // ── reset tokens ──────────────────────────────────────────────────────────────────────────
  async insertResetToken(row: { user_id: number; token_hash: string; expires_at: string; created_at: string }) {
    await this.db.insertInto('reset_tokens').values(row).execute();
  }

  /** Uses a live reset token; returns its user id, or null when unknown, expired or already used. */
  async consumeResetToken(tokenHash: string, now: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('reset_tokens')
      .select(['id', 'user_id'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return null;
    const res = await this.db.updateTable('reset_tokens').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? row.user_id : null;
  }

  async retireResetTokens(userId: number, now: string) {
    await this.db.updateTable('reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }

  // ── sessions ──────────────────────────────────────────────────────────────────────────────
  async insertSession(row: { id: string; user_id: number; created_at: string }) {
    await this.db.insertInto('sessions').values({ ...row, revoked_at: null }).execute();
  }

  /** The user, when the session is theirs and live: the guard's one query per request. */
  userOfLiveSession(userId: number, sessionId: string) {
    return this.db
      .selectFrom('users')
      .innerJoin('sessions', 'sessions.user_id', 'users.id')
      .selectAll('users')
      .where('users.id', '=', userId)
      .where('sessions.id', '=', sessionId)
      .where('sessions.revoked_at', 'is', null)
      .executeTakeFirst();
  }

  async revokeSession(sessionId: string, now: string) {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  async revokeAllOfUser(userId: number, now: string) {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  // ── refresh tokens ────────────────────────────────────────────────────────────────────────
  refreshByJti(jti: string) {
    return this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
  }

  /** A refresh token with whether its session is live and its user active (one query). */
  refreshWithSession(jti: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.family_id')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .selectAll('refresh_tokens')
      .select(['sessions.revoked_at as session_revoked_at', 'users.is_active as user_active'])
      .where('refresh_tokens.jti', '=', jti)
      .executeTakeFirst();
  }

  async insertRefresh(row: { jti: string; user_id: number; family_id: string; parent_jti: string | null; expires_at: string; created_at: string }) {
    await this.db.insertInto('refresh_tokens').values({ ...row, replaced_by: null, rotated_at: null }).execute();
  }

  async deleteRefresh(jti: string) {
    await this.db.deleteFrom('refresh_tokens').where('jti', '=', jti).execute();
  }

  /**
   * The atomic step of rotation: only one caller can mark a token replaced. A conditional UPDATE
   * with a row count works the same on SQLite and PostgreSQL (the loser's WHERE no longer matches).
   */
  async markRotated(jti: string, childJti: string, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('refresh_tokens')
      .set({ replaced_by: childJti, rotated_at: now })
      .where('jti', '=', jti)
      .where('replaced_by', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
