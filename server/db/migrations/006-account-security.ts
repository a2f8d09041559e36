import { sql, type Kysely } from 'kysely';

/**
 * sessions: one row per login (a refresh-token family, same id), the single place a session is
 * ended. Access tokens name their session (`sid`), so revoking this row refuses them at once.
 * Rows are made for the families that exist; a family with a live token stays live.
 * This replaces users.tokens_valid_after (a whole-second cut-off) and refresh_tokens.revoked_at.
 *
 * users.credential_version goes up with every password change or reset; a session records the
 * version it was opened under and is valid only while the two are equal. A login reads the version
 * with the password hash, before the slow hash check, so a login racing a change can never open a
 * session that outlives it, whatever the order in which the two reach the database.
 *
 * throttle_locks: one row per throttle key, upserted at the start of the transaction that counts
 * and records an attempt, so attempts on one key are counted one at a time (row lock on
 * PostgreSQL, the write lock on SQLite): a burst cannot slip past a limit between count and record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('credential_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('throttle_locks')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('touched_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await sql`
    INSERT INTO sessions (id, user_id, created_at, revoked_at)
    SELECT family_id, MIN(user_id), MIN(created_at),
           CASE WHEN SUM(CASE WHEN revoked_at IS NULL THEN 1 ELSE 0 END) > 0 THEN NULL ELSE MAX(revoked_at) END
    FROM refresh_tokens GROUP BY family_id
  `.execute(db);
  await db.schema.alterTable('refresh_tokens').dropColumn('revoked_at').execute();
  await db.schema.alterTable('users').dropColumn('tokens_valid_after').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('tokens_valid_after', 'varchar(32)').execute();
  await db.schema.alterTable('users').dropColumn('credential_version').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('revoked_at', 'varchar(32)').execute();
  await sql`
    UPDATE refresh_tokens SET revoked_at = (SELECT revoked_at FROM sessions WHERE sessions.id = refresh_tokens.family_id)
  `.execute(db);
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('throttle_locks').execute();
}
