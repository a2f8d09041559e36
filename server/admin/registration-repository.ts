import type { Db } from '../db/kysely.ts';
import type { InvitesTable } from '../db/tables/admin.ts';
import type { Insertable, Selectable } from 'kysely';

export type InviteRow = Selectable<InvitesTable>;

/** An invitation with the e-mails of who made it and who used it. */
export type InviteListRow = InviteRow & { created_by_email: string | null; used_by_email: string | null };

/** SQL of registration: the stored settings, the invitations, whether any account exists. */
export class RegistrationRepository {
  constructor(private readonly db: Db) {}

  async setting(key: string): Promise<string | undefined> {
    return (await this.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  }

  async putSetting(key: string, value: string, now: string, trx: Db = this.db): Promise<void> {
    await trx
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }

  async anyUser(): Promise<boolean> {
    return !!(await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst());
  }

  /** The first account of the server: the one with the smallest id. */
  async firstUserId(trx: Db): Promise<number | undefined> {
    return (
      await trx
        .selectFrom('users')
        .select((eb) => eb.fn.min<number>('id').as('id'))
        .executeTakeFirst()
    )?.id;
  }

  async makeStaff(userId: number, trx: Db): Promise<void> {
    await trx.updateTable('users').set({ is_staff: 1 }).where('id', '=', userId).execute();
  }

  async insertInvite(row: Insertable<InvitesTable>, trx: Db = this.db): Promise<InviteRow> {
    const { id } = await trx.insertInto('invites').values(row).returning('id').executeTakeFirstOrThrow();
    return (await trx.selectFrom('invites').selectAll().where('id', '=', id).executeTakeFirst())!;
  }

  inviteByHash(tokenHash: string): Promise<InviteRow | undefined> {
    return this.db.selectFrom('invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  inviteById(id: number): Promise<InviteRow | undefined> {
    return this.db.selectFrom('invites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Takes a live invitation for `userId`: false when it was used, revoked or expired meanwhile. */
  async takeInvite(id: number, userId: number, now: string, trx: Db): Promise<boolean> {
    const res = await trx
      .updateTable('invites')
      .set({ used_at: now, used_by: userId })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Ends an invitation not used yet: false when there is none such. */
  async revokeInvite(id: number, now: string, trx: Db = this.db): Promise<boolean> {
    const res = await trx
      .updateTable('invites')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** The newest invitations first, those made since `since`, with who made and who used each. */
  listInvites(since: string): Promise<InviteListRow[]> {
    return this.db
      .selectFrom('invites')
      .leftJoin('users as maker', 'maker.id', 'invites.created_by')
      .leftJoin('users as taker', 'taker.id', 'invites.used_by')
      .selectAll('invites')
      .select(['maker.email as created_by_email', 'taker.email as used_by_email'])
      .where('invites.created_at', '>=', since)
      .orderBy('invites.id', 'desc')
      .execute();
  }

  /** Removes invitations made before `before` (long over: used, revoked or expired); how many. */
  async purgeInvites(before: string): Promise<number> {
    const res = await this.db
      .deleteFrom('invites')
      .where('created_at', '<', before)
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('revoked_at', 'is not', null), eb('expires_at', '<', before)]))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
