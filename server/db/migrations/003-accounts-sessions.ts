import type { Kysely } from 'kysely';

/**
 * Sessions and look-ups for the accounts API:
 * - users.tokens_valid_after: access tokens issued before it are refused (a password change or
 *   reset ends the other sessions at once, not after the access token's 15 minutes);
 * - indexes for "all tokens of a user", "live codes of a target" and the throttle clean-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('tokens_valid_after', 'varchar(32)').execute();
  await db.schema.createIndex('refresh_user').on('refresh_tokens').column('user_id').execute();
  await db.schema.createIndex('codes_target').on('codes').columns(['purpose', 'target']).execute();
  await db.schema.createIndex('rate_events_created').on('rate_events').column('created_at').execute();
  await db.schema.createIndex('reset_tokens_user').on('reset_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of ['reset_tokens_user', 'rate_events_created', 'codes_target', 'refresh_user']) await db.schema.dropIndex(i).execute();
  await db.schema.alterTable('users').dropColumn('tokens_valid_after').execute();
}
