import type { Kysely } from 'kysely';
import { idColumn } from './helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', ...idColumn(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('ready'))
    .addColumn('original_key', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('playable_key', 'text')
    .addColumn('playable_mime', 'varchar(100)')
    .addColumn('thumbnail_key', 'text')
    .addColumn('preview_key', 'text')
    .addColumn('poster_key', 'text')
    .addColumn('duration', 'double precision')
    .addColumn('waveform', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('taken_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_owner_kind').on('media').columns(['user_id', 'kind', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
