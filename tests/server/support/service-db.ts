import type { Clock } from '../../../server/clock.ts';
import type { Config } from '../../../server/config.ts';
import type { Db } from '../../../server/db/kysely.ts';
import type { Job, Media, NewMedia } from '../../../server/db/types.ts';
import type { JobKind, Lane } from '../../../server/db/tables/jobs.ts';
import { JobQueue } from '../../../server/jobs/queue.ts';
import { insertConfirmedUser } from './media-fixtures.ts';
import { createTestDatabase } from './test-app.ts';

/** What a service test builds its services from: a fresh database, its config, and the way to drop them. */
export interface ServiceDb {
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for tests that build a service from its deps, made as every server test's is
 * (a temp SQLite file, or a throw-away PostgreSQL database when DATABASE_URL says so). No app runs on it, so
 * nothing but the test writes to it.
 */
export async function createServiceDb(): Promise<ServiceDb> {
  const { db, config, drop } = await createTestDatabase();
  return { db, config, close: drop };
}

/** A confirmed user inserted at the clock's now; their id. */
export async function insertUser(s: ServiceDb, clock: Clock, name: string): Promise<number> {
  return (await insertConfirmedUser(s.db, s.config.secretKey, clock, name)).id;
}

let rows = 0;

/**
 * The columns of a media row with no file behind it: by default a ready 6 s audio recording of 6,000
 * bytes with a 4,000-byte MP3, outside the trash, made at the clock's now; `fields` change any column.
 */
export function mediaRow(clock: Clock, userId: number, fields: Partial<NewMedia> = {}): NewMedia {
  rows += 1;
  const now = clock.now().toISOString();
  const base = `u/${userId}/audio/row${rows}`;
  return {
    user_id: userId,
    kind: 'audio',
    title: `Запись ${rows}`,
    description: '',
    status: 'ready',
    original_key: `${base}.webm`,
    mime_type: 'audio/webm',
    size: 6000,
    original_name: 'voice.webm',
    playable_key: `${base}-play.mp3`,
    playable_mime: 'audio/mpeg',
    thumbnail_key: null,
    preview_key: null,
    poster_key: null,
    duration: 6,
    waveform: '[10,50,90]',
    width: null,
    height: null,
    taken_at: null,
    created_at: now,
    updated_at: now,
    failure_reason: null,
    deleted_at: null,
    renditions_size: 4000,
    sha256: null,
    ...fields,
  };
}

/** A media row (mediaRow's) inserted as it is; the row as stored. */
export function insertMediaRow(db: Db, clock: Clock, userId: number, fields: Partial<NewMedia> = {}): Promise<Media> {
  return db
    .insertInto('media')
    .values(mediaRow(clock, userId, fields))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The job queue of a process on `clock`, recording every lane it is nudged on: this process's nudges only, so
 * without the signals of other processes (which on PostgreSQL would keep a connection listening).
 */
export function recordingQueue(s: ServiceDb, clock: Clock): { queue: JobQueue; nudged: Lane[] } {
  const quiet = { error() {}, warn() {}, info() {} };
  const queue = new JobQueue({ db: s.db, clock, lease: s.config.jobLease, log: quiet });
  const nudged: Lane[] = [];
  queue.onNudge((lane) => nudged.push(lane));
  return { queue, nudged };
}

/** The queued jobs of `kind`, oldest first, with their payloads parsed. */
export async function queuedJobs(db: Db, kind: JobKind): Promise<(Omit<Job, 'payload'> & { payload: unknown })[]> {
  const jobs = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();
  return jobs.map((j) => ({ ...j, payload: JSON.parse(j.payload) as unknown }));
}
