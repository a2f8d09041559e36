import { sql } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { AdminUser } from '../../contract/admin.ts';

/** An account's name fields, for the search (done in code: SQLite's lower() knows no Cyrillic). */
export interface UserNameRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * The admin area's SQL about accounts: what each keeps counted (files, bytes, unfinished uploads), its
 * ways in counted, its last use; and the changes the area makes. Never a file's name, title or bytes.
 */
export class AdminUsersRepository {
  constructor(private readonly db: Db) {}

  names(): Promise<UserNameRow[]> {
    return this.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name']).orderBy('id').execute();
  }

  async summaries(ids: number[]): Promise<AdminUser[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .select((eb) => [
        'users.id',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.is_staff',
        'users.is_active',
        'users.is_email_verified',
        'users.quota_bytes',
        'users.created_at',
        eb.selectFrom('media').whereRef('media.user_id', '=', 'users.id').select(eb.fn.countAll<number>().as('n')).as('files'),
        eb
          .selectFrom('media')
          .whereRef('media.user_id', '=', 'users.id')
          .select(sql<number>`cast(coalesce(sum(size + coalesce(renditions_size, 0)), 0) as bigint)`.as('b'))
          .as('bytes'),
        eb
          .selectFrom('two_factor')
          .whereRef('two_factor.user_id', '=', 'users.id')
          .where('two_factor.enabled_at', 'is not', null)
          .select(eb.fn.countAll<number>().as('t'))
          .as('two_factor'),
        eb.selectFrom('passkeys').whereRef('passkeys.user_id', '=', 'users.id').select(eb.fn.countAll<number>().as('p')).as('passkeys'),
        eb
          .selectFrom('oauth_links')
          .whereRef('oauth_links.user_id', '=', 'users.id')
          .select(eb.fn.countAll<number>().as('o'))
          .as('providers'),
        eb.selectFrom('uploads').whereRef('uploads.user_id', '=', 'users.id').select(eb.fn.countAll<number>().as('u')).as('uploads'),
        eb
          .selectFrom('sessions')
          .whereRef('sessions.user_id', '=', 'users.id')
          .select(sql<string | null>`max(coalesce(sessions.last_used_at, sessions.created_at))`.as('s'))
          .as('last_seen_at'),
      ])
      .where('users.id', 'in', ids)
      .orderBy('users.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: `${r.first_name} ${r.last_name}`.trim(),
      is_staff: !!r.is_staff,
      is_active: !!r.is_active,
      is_email_verified: !!r.is_email_verified,
      two_factor: Number(r.two_factor) > 0,
      passkeys: Number(r.passkeys),
      providers: Number(r.providers),
      files: Number(r.files),
      bytes: Number(r.bytes),
      quota_bytes: r.quota_bytes == null ? null : Number(r.quota_bytes),
      unfinished_uploads: Number(r.uploads),
      last_seen_at: r.last_seen_at ?? null,
      created_at: r.created_at,
    }));
  }

  async setFlag(userId: number, flag: 'is_active' | 'is_staff' | 'is_email_verified', on: boolean, now: string, trx: Db = this.db) {
    await trx
      .updateTable('users')
      .set({ [flag]: on ? 1 : 0, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  async setQuota(userId: number, bytes: number | null, now: string, trx: Db = this.db): Promise<void> {
    await trx.updateTable('users').set({ quota_bytes: bytes, updated_at: now }).where('id', '=', userId).execute();
  }

  /** Removes the account's passkeys and provider links (and sign-ins waiting to link one); how many of each. */
  async clearWaysIn(userId: number, trx: Db): Promise<{ passkeys: number; providers: number }> {
    const passkeys = await trx.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
    const providers = await trx.deleteFrom('oauth_links').where('user_id', '=', userId).executeTakeFirst();
    await trx.deleteFrom('oauth_pending_links').where('user_id', '=', userId).execute();
    return { passkeys: Number(passkeys.numDeletedRows), providers: Number(providers.numDeletedRows) };
  }

  /** The account's unfinished uploads (ids only: what they hold is the owner's). */
  async uploadIds(userId: number): Promise<string[]> {
    return (await this.db.selectFrom('uploads').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
  }

  /** Every unfinished upload with its owner's e-mail: how big, what kind, since when. */
  uploads() {
    return this.db
      .selectFrom('uploads')
      .innerJoin('users', 'users.id', 'uploads.user_id')
      .select(['uploads.id', 'uploads.user_id', 'users.email', 'uploads.kind', 'uploads.size', 'uploads.created_at', 'uploads.expires_at'])
      .orderBy('users.email')
      .orderBy('uploads.created_at')
      .execute();
  }

  upload(id: string) {
    return this.db.selectFrom('uploads').select(['id', 'user_id', 'finishing_at']).where('id', '=', id).executeTakeFirst();
  }

  /** What the media of every account take together, by kind. */
  async usage(): Promise<{ kind: string; files: number; bytes: number }[]> {
    const rows = await this.db
      .selectFrom('media')
      .select((eb) => [
        'kind',
        eb.fn.countAll<number>().as('files'),
        sql<number>`cast(sum(size + coalesce(renditions_size, 0)) as bigint)`.as('bytes'),
      ])
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    return rows.map((r) => ({ kind: r.kind, files: Number(r.files), bytes: Number(r.bytes) }));
  }

  async counts(): Promise<{ users: number; staff: number }> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => [eb.fn.countAll<number>().as('users'), sql<number>`coalesce(sum(is_staff), 0)`.as('staff')])
      .executeTakeFirstOrThrow();
    return { users: Number(row.users), staff: Number(row.staff) };
  }
}
