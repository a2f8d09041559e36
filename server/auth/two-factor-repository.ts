import type { Db } from '../db/kysely.ts';
import { unusedAt } from '../db/single-use.ts';
import { UndoLinksRepository } from './undo-links-repository.ts';

/** Two-step sign-in off: the secret, the recovery codes and every pending second step of the user go (inside the caller's transaction). */
export async function removeTwoFactor(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
}

/** SQL for sign-in codes from an app: two_factor, recovery_codes, mfa_challenges and their undo links. Times are ISO strings. */
export class TwoFactorRepository {
  constructor(private readonly db: Db) {}

  // ── the secret ────────────────────────────────────────────────────────────────────────────
  byUser(userId: number) {
    return this.db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** A new secret waiting for its first code; replaces an earlier one that was never confirmed, never an enabled one. */
  async savePending(userId: number, sealedSecret: string, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('two_factor').where('user_id', '=', userId).where('enabled_at', 'is', null).execute();
      const res = await trx
        .insertInto('two_factor')
        .values({ user_id: userId, secret: sealedSecret, enabled_at: null, last_step: null, created_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    });
  }

  /**
   * Takes a code's 30-second step: true only when it is newer than every step accepted before, so
   * a code works once (a conditional UPDATE: two requests with the same code cannot both pass).
   */
  async acceptStep(userId: number, step: number, enabled: boolean): Promise<boolean> {
    const res = await this.db
      .updateTable('two_factor')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', enabled ? 'is not' : 'is', null)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Turns a confirmed secret on with a fresh set of recovery codes (any older set is dropped), and in
   * the same transaction ends every other session of the user and keeps the «Это был не я» link that
   * undoes it. False when it was already on.
   */
  async enable(
    userId: number,
    recoveryHashes: string[],
    now: string,
    opts: { keepSessionId: string | null; undo: { tokenHash: string; expiresAt: string } },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('two_factor')
        .set({ enabled_at: now })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await new TwoFactorRepository(trx).storeRecoveryCodes(userId, recoveryHashes, now);
      let others = trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (opts.keepSessionId !== null) others = others.where('id', '!=', opts.keepSessionId);
      await others.execute();
      await new UndoLinksRepository(trx).issue({
        userId,
        action: 'two_factor_enabled',
        subject: null,
        tokenHash: opts.undo.tokenHash,
        expiresAt: opts.undo.expiresAt,
        now,
      });
      return true;
    });
  }

  /** A new set of recovery codes in place of the old one, only while sign-in codes are on; false when they are not. */
  async replaceRecoveryCodes(userId: number, recoveryHashes: string[], now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const on = await trx
        .selectFrom('two_factor')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .executeTakeFirst();
      if (!on) return false;
      await new TwoFactorRepository(trx).storeRecoveryCodes(userId, recoveryHashes, now);
      return true;
    });
  }

  private async storeRecoveryCodes(userId: number, recoveryHashes: string[], now: string): Promise<void> {
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await this.db
      .insertInto('recovery_codes')
      .values(recoveryHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
      .execute();
  }

  /**
   * Removes the secret, the recovery codes and every pending second step of the user; turning it off is
   * a security change, so the account's live «Это был не я» links die with it.
   */
  async disable(userId: number, now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await removeTwoFactor(trx, userId);
      await new UndoLinksRepository(trx).retireAll(userId, now);
    });
  }

  // ── recovery codes ────────────────────────────────────────────────────────────────────────
  /** Uses an unused recovery code of the user; true only for the one caller that got it. */
  async useRecoveryCode(userId: number, codeHash: string, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) >= 1;
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ── second steps of logins ────────────────────────────────────────────────────────────────
  /** Records a second step; the user's finished or expired ones are cleared on the way. */
  async insertChallenge(row: { id: string; user_id: number; credential_version: number; expires_at: string; created_at: string }) {
    await this.db
      .deleteFrom('mfa_challenges')
      .where('user_id', '=', row.user_id)
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', row.created_at)]))
      .execute();
    await this.db
      .insertInto('mfa_challenges')
      .values({ ...row, used_at: null })
      .execute();
  }

  /** A second step that is unused, unexpired and has tries left, with its user. */
  liveChallenge(id: string, now: string, maxAttempts: number) {
    return this.db
      .selectFrom('mfa_challenges')
      .innerJoin('users', 'users.id', 'mfa_challenges.user_id')
      .selectAll('users')
      .select(['mfa_challenges.id as challenge_id', 'mfa_challenges.credential_version as challenge_version'])
      .where('mfa_challenges.id', '=', id)
      .where('mfa_challenges.used_at', 'is', null)
      .where('mfa_challenges.expires_at', '>', now)
      .where('mfa_challenges.attempts', '<', maxAttempts)
      .executeTakeFirst();
  }

  /** Counts one try before the code is compared; true only while the step had tries left (one conditional UPDATE). */
  async takeChallengeTry(id: string, now: string, maxAttempts: number): Promise<boolean> {
    const res = await this.db
      .updateTable('mfa_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where(unusedAt(now))
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Marks the second step used; true only for the one caller that got it. */
  async consumeChallenge(id: string, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('mfa_challenges')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
