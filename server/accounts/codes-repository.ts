import type { Db } from '../db/kysely.ts';
import type { CodePurpose } from '../db/tables/accounts.ts';
import { unusedAt } from '../db/single-use.ts';

/** SQL for one-time codes (e-mail/SMS). Times are ISO strings. */
export class CodesRepository {
  constructor(private readonly db: Db) {}

  /** Unused, unexpired, not worn-out codes of a purpose. */
  private live(purpose: CodePurpose, now: string, maxAttempts: number) {
    return this.db.selectFrom('codes').where('purpose', '=', purpose).where(unusedAt(now)).where('attempts', '<', maxAttempts);
  }

  /** Is a live code with this hash out for the purpose? */
  async liveCodeHashExists(purpose: CodePurpose, codeHash: string, now: string, maxAttempts: number): Promise<boolean> {
    const row = await this.live(purpose, now, maxAttempts).select('id').where('code_hash', '=', codeHash).executeTakeFirst();
    return !!row;
  }

  async insertCode(row: {
    user_id: number;
    purpose: CodePurpose;
    target: string;
    code_hash: string;
    expires_at: string;
    created_at: string;
  }) {
    await this.db
      .insertInto('codes')
      .values({ ...row, attempts: 0 })
      .execute();
  }

  /** Retires every unused code of a purpose for a target (a newer code replaces them). */
  async retireCodes(purpose: CodePurpose, target: string, now: string) {
    await this.db
      .updateTable('codes')
      .set({ used_at: now })
      .where('purpose', '=', purpose)
      .where('target', '=', target)
      .where('used_at', 'is', null)
      .execute();
  }

  /** The newest live code of a purpose for a target. */
  liveCodeFor(purpose: CodePurpose, target: string, now: string, maxAttempts: number) {
    return this.live(purpose, now, maxAttempts).selectAll().where('target', '=', target).orderBy('id', 'desc').executeTakeFirst();
  }

  liveCodeByHash(purpose: CodePurpose, codeHash: string, now: string, maxAttempts: number) {
    return this.live(purpose, now, maxAttempts).selectAll().where('code_hash', '=', codeHash).orderBy('id', 'desc').executeTakeFirst();
  }

  /**
   * Counts one try at a live code before it is compared: true only while it had tries left. One
   * conditional UPDATE, so simultaneous tries can never get more than `maxAttempts` comparisons.
   */
  async takeTry(id: number, now: string, maxAttempts: number): Promise<boolean> {
    const row = await this.db
      .updateTable('codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where(unusedAt(now))
      .where('attempts', '<', maxAttempts)
      .returning('attempts')
      .executeTakeFirst();
    return !!row;
  }

  /** Marks a code used; true only for the one caller that got it (single use under races). */
  async consumeCode(id: number, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
