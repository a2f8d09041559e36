import type { Db } from '../db/kysely.ts';
import type { OAuthProviderId, UndoAction } from '../db/tables/accounts.ts';
import type { RecoveryReport } from '../accounts/recovery.ts';
import { recoverAccount } from './recovery-repository.ts';
import { removeTwoFactor } from './two-factor-repository.ts';
import { UndoLinksRepository } from './undo-links-repository.ts';

/** What «Это был не я» did: whose account, which change it undid (and what exactly went), and what the recovery took back. */
export interface UndoneChange {
  user: { id: number; email: string };
  action: UndoAction;
  /** The passkey's name, or the provider, that the link's own change added; null when it was gone already (or for two-step sign-in). */
  removed: { passkey: string } | { provider: OAuthProviderId } | null;
  report: RecoveryReport;
}

/** SQL of «Это был не я»: one transaction that takes the link, undoes its change, ends every session and recovers the account. */
export class NotMeRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes a live link once and, in the same transaction: undoes only the change it was sent for (two-step
   * sign-in off, that passkey removed, that provider unlinked), ends every session of the account, and
   * recovers it (the passkeys and provider links added since `since` removed, the live share links made
   * since then paused — every session ended —, every other «Это был не я» link retired). Null when the
   * link is unknown, used, retired or expired.
   */
  async undo(tokenHash: string, now: string, since: string): Promise<UndoneChange | null> {
    return this.db.transaction().execute(async (trx) => {
      const link = await new UndoLinksRepository(trx).take(tokenHash, now);
      if (!link) return null;
      const userId = link.user_id;
      const subject = link.subject !== null && /^[1-9]\d{0,9}$/.test(link.subject) ? Number(link.subject) : null;
      let removed: UndoneChange['removed'] = null;
      if (link.action === 'two_factor_enabled') {
        await removeTwoFactor(trx, userId);
      } else if (link.action === 'passkey_added' && subject !== null) {
        const row = await trx
          .deleteFrom('passkeys')
          .where('id', '=', subject)
          .where('user_id', '=', userId)
          .returning('name')
          .executeTakeFirst();
        removed = row ? { passkey: row.name } : null;
      } else if (link.action === 'provider_linked' && subject !== null) {
        const row = await trx
          .deleteFrom('oauth_links')
          .where('id', '=', subject)
          .where('user_id', '=', userId)
          .returning('provider')
          .executeTakeFirst();
        removed = row ? { provider: row.provider } : null;
      }
      await trx.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
      const report = await recoverAccount(trx, userId, { now, since, removeWaysIn: true, keepSessionId: null });
      const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
      return user ? { user, action: link.action, removed, report } : null;
    });
  }
}
