import type { Kysely } from 'kysely';

/**
 * What surviving the faults of a scaled-out deployment needs in the database.
 *
 * jobs.failures: runs of a job that failed for a reason outside its input (the media storage or the
 * database unavailable). They are tried again with a backoff that grows with this count, and they do
 * not count against the kind's attempts (`attempts` still counts every claim), so an outage of the
 * storage never gives a good file up; only a file's own fault, or a process dying on it, does.
 *
 * upload_locks.renewed_at: when the holder last renewed the lock. A request waiting for the lock, once it
 * has asked the holder to let go, takes over a lock unrenewed for a few seconds (its holder's process is
 * gone) instead of waiting for the whole lease. Null for a lock taken before this column: the lease alone
 * frees it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('upload_locks').addColumn('renewed_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('upload_locks').dropColumn('renewed_at').execute();
  await db.schema.alterTable('jobs').dropColumn('failures').execute();
}
