import type { Db } from '../db/kysely.ts';
import { unusedAt } from '../db/single-use.ts';
import { deleteOwnedRow } from '../db/owned.ts';
import type { PasskeysTable, WebauthnPurpose } from '../db/tables/accounts.ts';
import type { Insertable } from 'kysely';

/** SQL of passkeys and their WebAuthn challenges. Times are ISO strings. */
export class PasskeysRepository {
  constructor(private readonly db: Db) {}

  listOf(userId: number) {
    return this.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  byCredentialId(credentialId: string) {
    return this.db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  }

  async insert(row: Insertable<PasskeysTable>) {
    return this.db.insertInto('passkeys').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async rename(userId: number, id: number, name: string) {
    return this.db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  remove(userId: number, id: number): Promise<boolean> {
    return deleteOwnedRow(this.db, 'passkeys', userId, id);
  }

  /** After a sign-in: the authenticator's new counter, and when the key was last used. */
  async used(id: number, counter: number, now: string) {
    await this.db.updateTable('passkeys').set({ counter, last_used_at: now }).where('id', '=', id).execute();
  }

  async insertChallenge(row: {
    challenge: string;
    purpose: WebauthnPurpose;
    user_id: number | null;
    created_at: string;
    expires_at: string;
  }) {
    await this.db.deleteFrom('webauthn_challenges').where('expires_at', '<', row.created_at).execute();
    await this.db.insertInto('webauthn_challenges').values(row).execute();
  }

  /**
   * Takes a live challenge of this purpose (and user, for a registration) once: a conditional UPDATE,
   * so two requests with the same answer cannot both pass. False when it is unknown, used or expired.
   */
  async takeChallenge(challenge: string, purpose: WebauthnPurpose, userId: number | null, now: string): Promise<boolean> {
    let update = this.db
      .updateTable('webauthn_challenges')
      .set({ used_at: now })
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where(unusedAt(now));
    update = userId === null ? update.where('user_id', 'is', null) : update.where('user_id', '=', userId);
    const res = await update.executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
