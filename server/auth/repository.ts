import { CompiledQuery } from 'kysely';
import { committedReader, type Db } from '../db/kysely.ts';
import { unusedAt } from '../db/single-use.ts';
import type { RecoveryReport } from '../accounts/recovery.ts';
import { recoverAccount } from './recovery-repository.ts';

/** userOfLiveSessionNow's answer where the row can only be read by a query (PostgreSQL). */
export const READ_LATER = Symbol('read by a query');

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
      .where(unusedAt(now))
      .executeTakeFirst();
    if (!row) return null;
    const res = await this.db
      .updateTable('reset_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? row.user_id : null;
  }

  // ── credentials ───────────────────────────────────────────────────────────────────────────
  /**
   * Stores a new password hash and, in the same transaction, moves the credential version on, ends
   * every session, retires the reset links, and recovers the account (accounts/recovery-repository.ts:
   * recent passkeys and provider links removed with `removeWaysIn`, recent links of the ended sessions
   * paused, «Это был не я» links retired). With `expectedVersion` (a change that checked the old
   * password), nothing happens when the version moved meanwhile. The new version and what the recovery
   * took back, or null.
   */
  async storePassword(
    userId: number,
    passwordHash: string,
    opts: {
      now: string;
      expectedVersion?: number;
      set?: { is_email_verified?: number };
      recovery: { since: string; removeWaysIn: boolean; keepSessionId: string | null };
    },
  ): Promise<{ version: number; report: RecoveryReport } | null> {
    return this.db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('users')
        .set((eb) => ({
          password_hash: passwordHash,
          credential_version: eb('credential_version', '+', 1),
          updated_at: opts.now,
          ...opts.set,
        }))
        .where('id', '=', userId);
      if (opts.expectedVersion !== undefined) update = update.where('credential_version', '=', opts.expectedVersion);
      const row = await update.returning('credential_version').executeTakeFirst();
      if (!row) return null;
      await trx
        .updateTable('sessions')
        .set({ revoked_at: opts.now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx.updateTable('reset_tokens').set({ used_at: opts.now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
      const report = await recoverAccount(trx, userId, { now: opts.now, ...opts.recovery });
      return { version: row.credential_version, report };
    });
  }

  // ── sessions ──────────────────────────────────────────────────────────────────────────────
  /**
   * Opens a session only while the user's credential version is still the one read with the
   * password that was checked (a conditional INSERT … SELECT). False when it moved meanwhile.
   */
  async insertSession(row: {
    id: string;
    user_id: number;
    credential_version: number;
    created_at: string;
    user_agent: string | null;
    ip: string | null;
  }): Promise<boolean> {
    const res = await this.db
      .insertInto('sessions')
      .columns(['id', 'user_id', 'credential_version', 'created_at', 'last_used_at', 'reauth_at', 'user_agent', 'ip'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([
            eb.val(row.id).as('id'),
            'users.id as user_id',
            'users.credential_version',
            eb.val(row.created_at).as('created_at'),
            eb.val(row.created_at).as('last_used_at'),
            eb.val(row.created_at).as('reauth_at'),
            eb.val(row.user_agent).as('user_agent'),
            eb.val(row.ip).as('ip'),
          ])
          .where('users.id', '=', row.user_id)
          .where('users.credential_version', '=', row.credential_version),
      )
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * The user of a live session (not revoked, of the user's current credentials), with the session's
   * last use: the guard's read on every authenticated request. Its SQL is built once; each call only
   * binds the two values (Kysely would otherwise build and compile the same text every time). On
   * SQLite it is read on the connection that sees only committed data (db/kysely.ts committedReader).
   */
  async userOfLiveSession(userId: number, sessionId: string): Promise<UserOfSession | undefined> {
    const now = this.userOfLiveSessionNow(userId, sessionId);
    if (now !== READ_LATER) return now;
    const { rows } = await this.db.executeQuery<UserOfSession>(CompiledQuery.raw(this.liveSessionSql!, [userId, sessionId]));
    return rows[0];
  }

  /**
   * userOfLiveSession at once where the database allows it (SQLite's committed reader: no promise on the guard's path
   * of every request); READ_LATER on PostgreSQL, where it is a query.
   */
  userOfLiveSessionNow(userId: number, sessionId: string): UserOfSession | undefined | typeof READ_LATER {
    if (this.liveSessionSql === undefined) {
      const { sql, parameters } = liveSessionQuery(this.db, userId, sessionId).compile();
      if (parameters.length !== 2 || parameters[0] !== userId || parameters[1] !== sessionId)
        throw new Error('the guard query binds other values');
      this.liveSessionSql = sql;
    }
    const reader = committedReader(this.db);
    return reader ? reader.get<UserOfSession>(this.liveSessionSql, [userId, sessionId]) : READ_LATER;
  }

  private liveSessionSql: string | undefined;

  /** Marks the session used now from this address, unless another request already did since `staleBefore`. */
  async touchSession(sessionId: string, ip: string, now: string, staleBefore: string) {
    await this.db
      .updateTable('sessions')
      .set({ last_used_at: now, ip })
      .where('id', '=', sessionId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
      .execute();
  }

  /** When the session's owner last proved who they are (recent-sign-in.ts); null: never, or no such session. */
  async reauthAtOf(sessionId: string): Promise<string | null> {
    const row = await this.db.selectFrom('sessions').select('reauth_at').where('id', '=', sessionId).executeTakeFirst();
    return row?.reauth_at ?? null;
  }

  /** A re-confirmation of who is at the keyboard in this live session of the user (recent-sign-in.ts). */
  async stampReauth(userId: number, sessionId: string, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('sessions')
      .set({ reauth_at: now })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async revokeSession(sessionId: string, now: string) {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  // ── refresh tokens ────────────────────────────────────────────────────────────────────────
  refreshByJti(jti: string) {
    return this.db.selectFrom('refresh_tokens').selectAll().where('jti', '=', jti).executeTakeFirst();
  }

  /** A refresh token with whether its session is live (not ended, current credentials) and its user active: one query. */
  refreshWithSession(jti: string) {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.family_id')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .selectAll('refresh_tokens')
      .select((eb) => [
        eb
          .and([eb('sessions.revoked_at', 'is', null), eb('sessions.credential_version', '=', eb.ref('users.credential_version'))])
          .as('session_live'),
        'users.is_active as user_active',
      ])
      .where('refresh_tokens.jti', '=', jti)
      .executeTakeFirst();
  }

  async insertRefresh(row: {
    jti: string;
    user_id: number;
    family_id: string;
    parent_jti: string | null;
    expires_at: string;
    created_at: string;
  }) {
    await this.db
      .insertInto('refresh_tokens')
      .values({ ...row, replaced_by: null, rotated_at: null })
      .execute();
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

/** The guard's query; its two values are bound in this order: the user id, the session id. */
const liveSessionQuery = (db: Db, userId: number, sessionId: string) =>
  db
    .selectFrom('users')
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .selectAll('users')
    .select('sessions.last_used_at as session_last_used_at')
    .where('users.id', '=', userId)
    .where('sessions.id', '=', sessionId)
    .where('sessions.revoked_at', 'is', null)
    .whereRef('sessions.credential_version', '=', 'users.credential_version');

export type UserOfSession = NonNullable<Awaited<ReturnType<ReturnType<typeof liveSessionQuery>['executeTakeFirst']>>>;
