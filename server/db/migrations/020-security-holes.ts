import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

/**
 * Security rules of the third release.
 *
 * undo_links: the one-time links an e-mail sends with a change the owner may not have made («Это был
 * не я»). `action` names what the link undoes (today only 'two_factor_enabled': turning two-step
 * sign-in on; the link turns it off again and ends every session). Stored as the SHA-256 of a long
 * random token, live 7 days, used once. A password change or reset leaves them alone: whoever turned
 * the codes on may well have changed the password too.
 *
 * Videos made before every video got its MP4 rendition (a remux without metadata) were served as
 * uploaded, location included: those still ready without one are processed again, which makes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('undo_links')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('undo_links_user').on('undo_links').column('user_id').execute();

  const now = new Date().toISOString();
  await sql`
    INSERT INTO jobs (kind, lane, media_id, payload, run_after, attempts, created_at)
    SELECT 'process-video', 'video', id, '{}', ${now}, 0, ${now}
    FROM media WHERE kind = 'video' AND status = 'ready' AND playable_key IS NULL
  `.execute(db);
  await sql`UPDATE media SET status = 'processing' WHERE kind = 'video' AND status = 'ready' AND playable_key IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('undo_links').execute();
}
