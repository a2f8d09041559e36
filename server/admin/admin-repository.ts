import { sql } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Job, User } from '../db/types.ts';

/** A user as the admin command lists them: the account and what it keeps. */
export interface UserSummary {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_active: number;
  is_email_verified: number;
  is_staff: number;
  created_at: string;
  quota_bytes: number | null;
  items: number;
  bytes: number;
  live_sessions: number;
}

/** The admin command's SQL: users with what they keep, their activation and quota, and the job queue. */
export class AdminRepository {
  constructor(private readonly db: Db) {}

  private summaries() {
    return this.db.selectFrom('users').select((eb) => [
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_active',
      'users.is_email_verified',
      'users.is_staff',
      'users.created_at',
      'users.quota_bytes',
      eb.selectFrom('media').whereRef('media.user_id', '=', 'users.id').select(eb.fn.countAll<number>().as('n')).as('items'),
      eb
        .selectFrom('media')
        .whereRef('media.user_id', '=', 'users.id')
        .select(sql<number>`cast(coalesce(sum(size + coalesce(renditions_size, 0)), 0) as bigint)`.as('b'))
        .as('bytes'),
      eb
        .selectFrom('sessions')
        .whereRef('sessions.user_id', '=', 'users.id')
        .where('sessions.revoked_at', 'is', null)
        .whereRef('sessions.credential_version', '=', 'users.credential_version')
        .select(eb.fn.countAll<number>().as('s'))
        .as('live_sessions'),
    ]);
  }

  async users(): Promise<UserSummary[]> {
    return (await this.summaries().orderBy('users.id').execute()).map(numbers);
  }

  async user(email: string): Promise<UserSummary | undefined> {
    const row = await this.summaries().where('users.email', '=', email.toLowerCase()).executeTakeFirst();
    return row && numbers(row);
  }

  async userRow(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  async setActive(userId: number, active: boolean, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ is_active: active ? 1 : 0, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }

  async setQuota(userId: number, bytes: number | null, now: string): Promise<void> {
    await this.db.updateTable('users').set({ quota_bytes: bytes, updated_at: now }).where('id', '=', userId).execute();
  }

  /** Items by kind, whether two-step sign-in is on. */
  async details(userId: number): Promise<{ byKind: { kind: string; items: number; bytes: number }[]; twoFactor: boolean }> {
    const byKind = await this.db
      .selectFrom('media')
      .select((eb) => [
        'kind',
        eb.fn.countAll<number>().as('items'),
        sql<number>`cast(sum(size + coalesce(renditions_size, 0)) as bigint)`.as('bytes'),
      ])
      .where('user_id', '=', userId)
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    const twoFactor = await this.db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
    return {
      byKind: byKind.map((r) => ({ kind: r.kind, items: Number(r.items), bytes: Number(r.bytes) })),
      twoFactor: !!twoFactor?.enabled_at,
    };
  }

  jobs(limit?: number): Promise<Job[]> {
    const q = this.db.selectFrom('jobs').selectAll().orderBy('id');
    return (limit === undefined ? q : q.limit(limit)).execute();
  }

  job(id: number): Promise<Job | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Makes a job that nobody runs due now, with its tries counted afresh; false when it is running (or gone). */
  async retryJob(id: number, now: string): Promise<boolean> {
    const res = await this.db
      .updateTable('jobs')
      .set({ run_after: now, attempts: 0 })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }
}

/** PostgreSQL answers counts and sums as strings (bigint); the command prints numbers. */
function numbers<T extends { items: unknown; bytes: unknown; live_sessions: unknown; quota_bytes: unknown }>(
  row: T,
): Omit<T, 'items' | 'bytes' | 'live_sessions' | 'quota_bytes'> & {
  items: number;
  bytes: number;
  live_sessions: number;
  quota_bytes: number | null;
} {
  return {
    ...row,
    items: Number(row.items),
    bytes: Number(row.bytes),
    live_sessions: Number(row.live_sessions),
    quota_bytes: row.quota_bytes == null ? null : Number(row.quota_bytes),
  };
}
