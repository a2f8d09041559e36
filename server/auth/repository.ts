import type { Db } from '../db/kysely.ts';
import type { CodePurpose } from '../accounts/codes.ts';

/** SQL for one-time codes, reset tokens and refresh tokens. Times are ISO strings. */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  // ── codes ────────────────────────────────────────────────────────────────────────────────
  /** Is a live (unused, unexpired, not worn out) code with this hash out for the purpose? */
  async liveCodeHashExists(purpose: CodePurpose, codeHash: string, now: string, maxAttempts: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('codes')
      .select('id')
      .where('purpose', '=', purpose)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return !!row;
  }

  async insertCode(row: { user_id: number; purpose: CodePurpose; target: string; code_hash: string; expires_at: string; created_at: string }) {
    await this.db.insertInto('codes').values({ ...row, attempts: 0 }).execute();
  }

  /** Retires every unused code of a purpose for a target (a newer code replaces them). */
  async retireCodes(purpose: CodePurpose, target: string, now: string) {
    await this.db.updateTable('codes').set({ used_at: now }).where('purpose', '=', purpose).where('target', '=', target).where('used_at', 'is', null).execute();
  }

  /** The newest live code of a purpose for a target. */
  liveCodeFor(purpose: CodePurpose, target: string, now: string, maxAttempts: number) {
    return this.db
      .selectFrom('codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  liveCodeByHash(purpose: CodePurpose, codeHash: string, now: string, maxAttempts: number) {
    return this.db
      .selectFrom('codes')
      .selectAll()
      .where('purpose', '=', purpose)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxAttempts)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async countWrongTry(id: number) {
    await this.db
      .updateTable('codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  /** Marks a code used; true only for the one caller that got it (single use under races). */
  async consumeCode(id: number, now: string): Promise<boolean> {
    const res = await this.db.updateTable('codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

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

  // ── refresh tokens ────────────────────────────────────────────────────────────────────────
  refreshByJti(jti: string) {
    return this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
  }

  async insertRefresh(row: { jti: string; user_id: number; family_id: string; parent_jti: string | null; expires_at: string; created_at: string }) {
    await this.db.insertInto('refresh_tokens').values({ ...row, replaced_by: null, rotated_at: null, revoked_at: null }).execute();
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
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async revokeFamily(familyId: string, now: string) {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: now }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  async revokeAllOfUser(userId: number, now: string) {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }
}
