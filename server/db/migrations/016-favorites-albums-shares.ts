import { sql, type Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

/**
 * Favourites, albums and share links.
 *
 * media.is_favorite: 1 when the owner starred the item (0 by default). A partial index by owner and
 * kind covers the few starred rows, so `?favorite=1` reads only them.
 *
 * albums: a user's named collections of items of any kind. `cover_media_id` is the cover the owner
 * chose (null: the first photo or video added, else the first item); it is forgotten when that
 * item's row goes.
 *
 * album_items: which item is in which album; an item may be in many albums, once in each. `id`
 * grows with every addition, so it is the order in which items were added. A membership goes with
 * its album or its item (an item removed for good), never the other way round: deleting an album
 * leaves its media.
 *
 * shares: public links to one item (`media_id`) or one album (`album_id`), exactly one of the two.
 * The token itself is never stored: `token_hash` is its SHA-256 (a 128-bit random token needs no
 * slow hash), `password_hash` the argon2id hash of the optional password. `expires_at` null: no
 * expiry. A link goes with its owner, its item or its album (cascade), so nothing it handed out
 * outlives them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('media')
    .addColumn('is_favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('media_favorites').on('media').columns(['user_id', 'kind']).where(sql.ref('is_favorite'), '=', 1).execute();

  await db.schema
    .createTable('albums')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_media_id', 'integer', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('albums_owner').on('albums').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('album_items')
    .addColumn('id', ...idColumn(db))
    .addColumn('album_id', 'integer', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('added_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('album_items_once', ['album_id', 'media_id'])
    .execute();
  await db.schema.createIndex('album_items_media').on('album_items').column('media_id').execute();

  await db.schema
    .createTable('shares')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('media_id', 'integer', (c) => c.references('media.id').onDelete('cascade'))
    .addColumn('album_id', 'integer', (c) => c.references('albums.id').onDelete('cascade'))
    .addColumn('password_hash', 'text')
    .addColumn('allow_download', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_viewed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('shares_one_target', sql`(media_id is null) <> (album_id is null)`)
    .execute();
  await db.schema.createIndex('shares_owner').on('shares').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('shares_media').on('shares').column('media_id').execute();
  await db.schema.createIndex('shares_album').on('shares').column('album_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shares').execute();
  await db.schema.dropTable('album_items').execute();
  await db.schema.dropTable('albums').execute();
  await db.schema.dropIndex('media_favorites').execute();
  await db.schema.alterTable('media').dropColumn('is_favorite').execute();
}
