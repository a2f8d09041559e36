import type { Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

/**
 * The admin area of a server a household runs.
 *
 * users.is_staff: 1 for staff (the admin area and `/api/admin/` are theirs), 0 for members. Nobody is
 * staff after this migration: on a server that already has accounts the operator names one with
 * `npm run admin -- users staff EMAIL on`; on an empty one the first account made is staff.
 *
 * settings: what the admin area switches and keeps (`registration`: open | invite | closed), one row per
 * key; a stored value wins over the environment's.
 *
 * invites: a sign-up invitation. The token is never stored: `token_hash` is its SHA-256 (128 random bits
 * need no slow hash). `email` binds it to one address (null: any). Good once (`used_at`, `used_by`),
 * until `expires_at`, unless `revoked_at`. Kept when its maker or its user goes (set null).
 *
 * admin_audit: every admin action, from the area or the command line: who (`actor_id`, and the e-mail
 * kept as it was, so the row outlives the account; null with `actor_email` 'cli' from the command line),
 * what (`action`), whom (`target_id`, `target`: the e-mail or the thing acted on), the details (JSON),
 * when and from which address. Kept one year (the admin housekeeping purges older rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_staff', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', ...idColumn(db))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('invites_created').on('invites').column('created_at').execute();

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', ...idColumn(db))
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('target', 'varchar(254)')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_created').on('admin_audit').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['admin_audit', 'invites', 'settings']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('is_staff').execute();
}
