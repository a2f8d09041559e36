import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

/**
 * Account security, part two.
 *
 * sessions.user_agent, ip, last_used_at: what the session list shows. last_used_at (and ip) move
 * at most once a minute per session, when one of its access tokens is used; rows opened before
 * this migration start from their created_at.
 *
 * two_factor: one row per user who began setting up sign-in codes from an authenticator app.
 * `secret` is the TOTP secret sealed with a key derived from SECRET_KEY (never stored or returned
 * in clear after setup); `enabled_at` is null until the first code confirmed it; `last_step` is
 * the newest 30-second step whose code was accepted, so no code works twice.
 *
 * recovery_codes: ten single-use codes per user, stored as keyed hashes.
 *
 * mfa_challenges: the second step of a login. `id` is the hash of the mfa_token handed out after
 * the password (or SMS code) was right; it lives 5 minutes, allows 5 tries and opens one session,
 * under the credential version read with the password that was checked.
 *
 * A pending e-mail change needs no table: its code is a one-time code (purpose email_change) whose
 * target is the new address, and the account keeps its old address until that code comes back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(512)').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'varchar(64)').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'varchar(32)').execute();
  await sql`UPDATE sessions SET last_used_at = created_at`.execute(db);

  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(512)', (c) => c.notNull())
    .addColumn('enabled_at', 'varchar(32)')
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_version', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mfa_challenges_user').on('mfa_challenges').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mfa_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
  for (const column of ['last_used_at', 'ip', 'user_agent']) await db.schema.alterTable('sessions').dropColumn(column).execute();
}
