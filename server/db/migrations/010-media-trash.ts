import { sql, type Kysely } from 'kysely';

/**
 * The trash, and what a user's media take up.
 *
 * media.deleted_at: when the owner deleted the item (ISO time), null while it is not in the trash. A
 * trashed row stays, with its files, until it is restored (null again) or removed for good: by the
 * owner, or 30 days after deletion. Lists, search, counts and reads by id see only rows where it is
 * null. Two partial indexes cover the few trashed rows: by owner (the trash screen, and the check
 * that refuses the signed URLs of trashed files) and by time (the periodic purge).
 *
 * media.renditions_size: the bytes of the files made from the original (MP3, thumbnails, preview,
 * poster, MP4), stored when they are written; the original's own bytes are media.size. Rows made
 * before this migration get null here, "not measured yet": a migration cannot reach the media
 * storage, so each API process measures such rows at start from the storage (a file the storage
 * cannot tell about counts 0) and writes the sum, once, whichever process gets there first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('deleted_at', 'varchar(32)').execute();
  await db.schema.alterTable('media').addColumn('renditions_size', 'bigint').execute();
  await db.schema.createIndex('media_trash_owner').on('media').column('user_id').where(sql.ref('deleted_at'), 'is not', null).execute();
  await db.schema.createIndex('media_trash_since').on('media').column('deleted_at').where(sql.ref('deleted_at'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('media_trash_since').execute();
  await db.schema.dropIndex('media_trash_owner').execute();
  await db.schema.alterTable('media').dropColumn('renditions_size').execute();
  await db.schema.alterTable('media').dropColumn('deleted_at').execute();
}
