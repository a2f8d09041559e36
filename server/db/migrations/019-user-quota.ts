import type { Kysely } from 'kysely';

/**
 * users.quota_bytes: a quota of the user's own (`npm run admin -- users set-quota EMAIL BYTES`), in bytes;
 * null, as for every existing user, leaves USER_QUOTA_BYTES (or no quota) in force. bigint: a quota may pass 2 GiB.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('quota_bytes', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('quota_bytes').execute();
}
