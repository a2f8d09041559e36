import type { Kysely } from 'kysely';

/**
 * media.processing_lease_until: until when (ISO time) one API process owns the row's background job.
 * With many copies of the API on one database, only the holder of a live lease runs ffmpeg for the
 * row; a process that dies leaves a lease that simply runs out, and the next one picks the row up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('processing_lease_until', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('processing_lease_until').execute();
}
