import { sql, type Kysely } from 'kysely';

/**
 * Recordings are served without their tags (where they were recorded, comments): processing now makes
 * every recording an MP3 of its own without them, an uploaded MP3 too. Those processed before keep
 * serving what they served until one 'strip-audio-tags' job (added here when there are any) has copied
 * each one's MP3 without its tags, a batch at a time, in the worker
 * (server/media/processing/audio-tags-job.ts); a migration cannot reach the stored files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Due whatever any worker's clock says: the migrating process's clock is not the workers'.
  const due = new Date(0).toISOString();
  const now = new Date().toISOString();
  await sql`
    insert into jobs (kind, lane, media_id, payload, run_after, attempts, created_at)
    select 'strip-audio-tags', 'housekeeping', null, '{"after":0}', ${due}, 0, ${now}
    where exists (select 1 from media where kind = 'audio' and status = 'ready')
  `.execute(db);
}

/** The copies made stay (they are the recordings' MP3s); the job goes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where kind = 'strip-audio-tags'`.execute(db);
}
