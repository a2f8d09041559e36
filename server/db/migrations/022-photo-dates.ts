import { sql, type Kysely } from 'kysely';

/**
 * Photo dates as the camera showed them (contract/taken-at.ts).
 *
 * Versions before this one stored EXIF's zone-less DateTimeOriginal as if it were UTC: a photo taken at
 * 14:00 got `2024-06-01T14:00:00.000Z`, which every browser then moved into its own zone (17:00 in
 * Moscow), and they ignored the offset tags. The first 19 characters of those values are the camera's
 * wall clock, so each becomes that (`2024-06-01T14:00:00`) here, at once: the lists show the camera's
 * time right after the upgrade.
 *
 * What the old reader did not read (OffsetTimeOriginal and its kin) needs the stored originals, which a
 * migration cannot reach: one 'read-photo-dates' job is added (when there are photos), which reads every
 * photo's EXIF again, a batch at a time, in the worker (server/media/processing/photo-dates-job.ts).
 *
 * media_owner_kind_taken: a timeline's months by when their photos were taken (only rows outside the
 * trash, which are all a timeline shows): its counts are read from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update media set taken_at = substr(taken_at, 1, 19) where kind = 'photo' and taken_at like '%Z'`.execute(db);
  await db.schema
    .createIndex('media_owner_kind_taken')
    .on('media')
    .columns(['user_id', 'kind', 'taken_at'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  // Due whatever any worker's clock says: the migrating process's clock is not the workers'.
  const due = new Date(0).toISOString();
  const now = new Date().toISOString();
  await sql`
    insert into jobs (kind, lane, media_id, payload, run_after, attempts, created_at)
    select 'read-photo-dates', 'housekeeping', null, '{"after":0}', ${due}, 0, ${now}
    where exists (select 1 from media where kind = 'photo')
  `.execute(db);
}

/** The wall-clock values stay (versions before read them as the reader's local time, which is right); the job goes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where kind = 'read-photo-dates'`.execute(db);
  await db.schema.dropIndex('media_owner_kind_taken').execute();
}
