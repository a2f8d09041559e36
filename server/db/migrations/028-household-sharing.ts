import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

/**
 * Sharing inside the household: albums shared with members, and partners.
 *
 * album_members: an account of this server the album's owner invited, as 'viewer' (looks, plays, downloads
 * when the album allows) or 'contributor' (also adds and takes out items of their own). Once per album and
 * account; it goes with the album or the account (cascade). The index by user lists «Доступно мне».
 *
 * albums.allow_download: 1 when the owner lets members download items that are not theirs (0 by default).
 *
 * album_items_album_order: an album's items in the order they were added, a page at a time (the unique
 * (album_id, media_id) pair cannot give that order).
 *
 * partners: `user_id` shows all their photos and videos (and recordings with include_audio = 1) to
 * `partner_id`, read-only, in that account's timeline. Once per pair and direction, never to oneself; it goes
 * with either account (cascade). The index by partner_id finds whose items a timeline adds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('album_members')
    .addColumn('id', ...idColumn(db))
    .addColumn('album_id', 'integer', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('album_members_once', ['album_id', 'user_id'])
    .addCheckConstraint('album_members_role', sql`role in ('viewer', 'contributor')`)
    .execute();
  await db.schema.createIndex('album_members_user').on('album_members').column('user_id').execute();

  await db.schema
    .alterTable('albums')
    .addColumn('allow_download', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('album_items_album_order').on('album_items').columns(['album_id', 'id']).execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('include_audio', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('partners_once', ['user_id', 'partner_id'])
    .addCheckConstraint('partners_not_self', sql`user_id <> partner_id`)
    .execute();
  await db.schema.createIndex('partners_partner').on('partners').column('partner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('partners').execute();
  await db.schema.dropIndex('album_items_album_order').execute();
  await db.schema.alterTable('albums').dropColumn('allow_download').execute();
  await db.schema.dropTable('album_members').execute();
}
