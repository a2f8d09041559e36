import type { Db } from '../db/kysely.ts';
import { unusedAt } from '../db/single-use.ts';
import type { UndoAction } from '../db/tables/accounts.ts';

/** A taken «Это был не я» link: whose, and which change it was sent for. */
export interface TakenUndoLink {
  user_id: number;
  action: UndoAction;
  subject: string | null;
}

/**
 * SQL of «Это был не я» links (undo_links). A link is bound to the one change it was sent for (`action`
 * and, for a passkey or a provider link, `subject`: that row's id), and dies when it is used, when it
 * expires, or when a later security change of the account retires it. Built on the app's database or on
 * a transaction, so the change and its link commit together.
 */
export class UndoLinksRepository {
  constructor(private readonly db: Db) {}

  /**
   * A new link for a change the owner is told about. Sending it is another notice, so every earlier live
   * link of the account is retired first: only the newest notice's link works.
   */
  async issue(row: { userId: number; action: UndoAction; subject: string | null; tokenHash: string; expiresAt: string; now: string }) {
    await this.retireAll(row.userId, row.now);
    await this.db
      .insertInto('undo_links')
      .values({
        user_id: row.userId,
        action: row.action,
        subject: row.subject,
        token_hash: row.tokenHash,
        expires_at: row.expiresAt,
        used_at: null,
        created_at: row.now,
      })
      .execute();
  }

  /**
   * A later security change (a password changed or reset, the e-mail changed, two-step sign-in on or off,
   * another notice, a recovery): every live link of the account stops working. `used_at` is what marks a
   * single-use row spent, whoever spent it.
   */
  async retireAll(userId: number, now: string): Promise<void> {
    await this.db.updateTable('undo_links').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
  }

  /** Takes a live link once (a conditional UPDATE: one caller only gets it); undefined when unknown, used, retired or expired. */
  take(tokenHash: string, now: string): Promise<TakenUndoLink | undefined> {
    return this.db
      .updateTable('undo_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where(unusedAt(now))
      .returning(['user_id', 'action', 'subject'])
      .executeTakeFirst();
  }
}
