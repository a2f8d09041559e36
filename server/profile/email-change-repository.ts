import type { Db } from '../db/kysely.ts';
import { CODE_MAX_ATTEMPTS } from '../accounts/codes.ts';
import { unusedAt } from '../db/single-use.ts';

const PURPOSE = 'email_change';

/** SQL for a pending e-mail change: its code is a one-time code (purpose email_change) whose target is the new address. */
export class EmailChangeRepository {
  constructor(private readonly db: Db) {}

  /** The new address the user's newest live e-mail-change code was sent to, if any. */
  async pendingAddress(userId: number, now: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('codes')
      .select('target')
      .where('user_id', '=', userId)
      .where('purpose', '=', PURPOSE)
      .where(unusedAt(now))
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.target ?? null;
  }

  /** Drops the user's earlier requests: only the newest address asked for can be confirmed. */
  async retirePending(userId: number, now: string): Promise<void> {
    await this.db
      .updateTable('codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', PURPOSE)
      .where('used_at', 'is', null)
      .execute();
  }
}
