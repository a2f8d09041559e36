import type { JobLog } from '../../jobs/log.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { ClaimLostError, type JobDefinition } from '../../jobs/job.ts';
import type { Db } from '../../db/kysely.ts';
import type { MediaProcessing } from './processing.ts';
import { PhotoDatesRepository } from './photo-dates-repository.ts';

export interface PhotoDatesJobDeps {
  db: Db;
  processing: MediaProcessing;
  queue: JobQueue;
  log: JobLog;
}

/** Photos read per run: each run ends, and other housekeeping gets its turn, between batches. */
export const PHOTO_DATES_BATCH = 100;

/** Photos read at the same time: a bucket's answers take longer to come than their headers take to read. */
const PHOTO_DATES_AT_ONCE = 4;

/**
 * How much of a photo in a bucket is fetched to find its EXIF: a JPEG keeps it in its first segment
 * (at most 64 KiB, after at most a JFIF header); a file whose header this does not settle is fetched whole.
 */
export const PHOTO_DATE_HEAD_BYTES = 128 * 1024;

/** The job's payload: the id after which its batch starts. */
function afterOf(payload: string): number {
  try {
    const after: unknown = (JSON.parse(payload) as { after?: unknown }).after;
    return typeof after === 'number' && Number.isSafeInteger(after) && after >= 0 ? after : 0;
  } catch {
    return 0;
  }
}

/**
 * 'read-photo-dates' (added by migration 022): reads every stored photo's EXIF again, as processing reads
 * it now (server/media/processing/taken-at.ts), and writes taken_at where it differs. One batch of photos by id per
 * run; the batch's writes and the job for the next batch are committed together with the end of this one,
 * only while this run still holds its claim. So a run cut off is done again from the same photo, and doing
 * a batch twice writes the same values: idempotent. A photo whose original is gone or unreadable keeps what
 * it has; a storage that fails makes the run try again later.
 */
export function photoDatesJob(d: PhotoDatesJobDeps): JobDefinition {
  return {
    kind: 'read-photo-dates',
    async run(ctx) {
      const after = afterOf(ctx.job.payload);
      const rows = await new PhotoDatesRepository(d.db).photosAfter(after, PHOTO_DATES_BATCH);
      const changes: { id: number; takenAt: string | null }[] = [];
      const dir = await ctx.workDir();
      for (let i = 0; i < rows.length; i += PHOTO_DATES_AT_ONCE) {
        if (ctx.lost()) throw new ClaimLostError();
        const some = rows.slice(i, i + PHOTO_DATES_AT_ONCE);
        const read = await Promise.all(
          some.map((row) => d.processing.photoTakenAt(row.original_key, row.size, dir, PHOTO_DATE_HEAD_BYTES)),
        );
        some.forEach((row, j) => {
          const takenAt = read[j];
          if (takenAt !== undefined && takenAt !== row.taken_at) changes.push({ id: row.id, takenAt });
        });
      }
      const next = rows.length === PHOTO_DATES_BATCH ? rows[rows.length - 1]!.id : null;
      const done = await ctx.finish(async (db) => {
        const repo = new PhotoDatesRepository(db);
        for (const change of changes) await repo.setTakenAt(change.id, change.takenAt);
        if (next !== null) await d.queue.enqueue({ kind: 'read-photo-dates', payload: { after: next } }, db);
      });
      if (!done) return;
      if (changes.length) d.log.info({ after, changed: changes.length }, 'photo dates read again');
      if (next !== null) d.queue.nudge('read-photo-dates');
    },
  };
}
