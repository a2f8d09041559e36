import type { Insertable } from 'kysely';
import type { Db } from '../db/kysely.ts';
import { unusedAt } from '../db/single-use.ts';
import type { OAuthPendingLinksTable, OAuthProviderId, OAuthStatesTable } from '../db/tables/accounts.ts';

/** SQL of provider sign-ins: started sign-ins (states), links to accounts, and links waiting for a password. */
export class OAuthRepository {
  constructor(private readonly db: Db) {}

  async insertState(row: Omit<Insertable<OAuthStatesTable>, 'id' | 'used_at'>) {
    await this.db.deleteFrom('oauth_states').where('expires_at', '<', row.created_at).execute();
    await this.db.insertInto('oauth_states').values(row).execute();
  }

  /**
   * Takes a live state once, and only with the browser that started it (its cookie's hash): a
   * conditional UPDATE, so the same return cannot be answered twice. Its provider and verifier, or null.
   */
  async takeState(stateHash: string, bindingHash: string, now: string) {
    return this.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('oauth_states')
        .set({ used_at: now })
        .where('state_hash', '=', stateHash)
        .where('binding_hash', '=', bindingHash)
        .where(unusedAt(now))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return null;
      return trx
        .selectFrom('oauth_states')
        .select(['provider', 'code_verifier'])
        .where('state_hash', '=', stateHash)
        .executeTakeFirstOrThrow();
    });
  }

  linkOf(provider: OAuthProviderId, subject: string) {
    return this.db.selectFrom('oauth_links').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
  }

  linksOf(userId: number) {
    return this.db
      .selectFrom('oauth_links')
      .select(['provider', 'email', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  /** False when the provider account is linked already, or the account has another one of this provider. */
  async insertLink(row: { user_id: number; provider: OAuthProviderId; subject: string; email: string | null; created_at: string }) {
    const res = await this.db
      .insertInto('oauth_links')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async removeLink(userId: number, provider: OAuthProviderId): Promise<boolean> {
    const res = await this.db.deleteFrom('oauth_links').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
    return Number(res.numDeletedRows) === 1;
  }

  async insertPendingLink(row: Omit<Insertable<OAuthPendingLinksTable>, 'id' | 'used_at'>) {
    await this.db.deleteFrom('oauth_pending_links').where('expires_at', '<', row.created_at).execute();
    await this.db.insertInto('oauth_pending_links').values(row).execute();
  }

  livePendingLink(tokenHash: string, now: string) {
    return this.db
      .selectFrom('oauth_pending_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where(unusedAt(now))
      .executeTakeFirst();
  }

  /** Takes a waiting link once (the password was right). */
  async takePendingLink(id: number, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('oauth_pending_links')
      .set({ used_at: now })
      .where('id', '=', id)
      .where(unusedAt(now))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
