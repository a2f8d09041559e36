import type { Kysely } from 'kysely';

/**
 * Recent sign-in, notices for every new way in, and recovery that takes back what a thief added.
 *
 * sessions.reauth_at: when the session's owner last proved who they are — the sign-in that opened it, or a
 * re-confirmation (POST /api/auth/reauth/). The changes to the ways in, exports and share links that never
 * expire or cover an album need it within the last 30 minutes. Sessions opened before this migration have
 * none, so they are asked once.
 *
 * shares.session_id: the session that made the link (null for links made before this migration);
 * shares.paused_at: set when a password change, a reset or «Это был не я» paused the link because a session
 * it ended made it in the 30 days before. A paused link answers as a revoked one until its owner turns it
 * back on.
 *
 * undo_links.subject: what exactly the «Это был не я» link undoes — the passkey's or the provider link's
 * row id (null for turning two-step sign-in on), so the link undoes that change and no other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('reauth_at', 'varchar(32)').execute();
  await db.schema.alterTable('shares').addColumn('session_id', 'varchar(64)').execute();
  await db.schema.alterTable('shares').addColumn('paused_at', 'varchar(32)').execute();
  await db.schema.alterTable('undo_links').addColumn('subject', 'varchar(64)').execute();
  await db.schema.createIndex('shares_user_created').on('shares').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('shares_user_created').execute();
  await db.schema.alterTable('undo_links').dropColumn('subject').execute();
  await db.schema.alterTable('shares').dropColumn('paused_at').execute();
  await db.schema.alterTable('shares').dropColumn('session_id').execute();
  await db.schema.alterTable('sessions').dropColumn('reauth_at').execute();
}
