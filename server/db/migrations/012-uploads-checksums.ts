import type { Kysely } from 'kysely';

/**
 * Checksums and resumable uploads.
 *
 * media.sha256: the SHA-256 of the original's bytes (hex), computed while they streamed in; null for
 * records stored before this migration. Indexed by owner, so an upload of a file its owner already
 * keeps is found at once.
 *
 * uploads: one row per resumable (tus) upload in progress: whose it is, what it will become (kind,
 * title, description, the file's name), its announced size, and when it is abandoned (expires_at,
 * 24 h after creation). `hash_state` is the SHA-256 state after the first `hash_offset` bytes, saved
 * after every PATCH, so the hash goes on where the bytes go on, in whichever process takes the next
 * PATCH; null when the bytes and the state parted ways (the hash is then read from the stored bytes
 * once they are complete). `finishing_at` is set by the one request that turns the complete upload
 * into a record.
 *
 * upload_locks: the lock of each upload that some request holds (tus locks an upload for every
 * request on it), shared by every API process. A holder renews `expires_at` while it works, so the
 * lock of a process that died runs out; `release_requested` is how a waiting request asks the
 * holder (in whichever process) to let go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('sha256', 'varchar(64)').execute();
  await db.schema.createIndex('media_owner_sha256').on('media').columns(['user_id', 'sha256']).execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('filename', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('hash_offset', 'bigint')
    .addColumn('hash_state', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finishing_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('uploads_expires').on('uploads').column('expires_at').execute();

  await db.schema
    .createTable('upload_locks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('release_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_locks').execute();
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropIndex('media_owner_sha256').execute();
  await db.schema.alterTable('media').dropColumn('sha256').execute();
}
