import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../server/clock.ts';
import type { NewMedia } from '../../../../server/db/types.ts';
import type { Lane } from '../../../../server/db/tables/jobs.ts';
import { TrimRepository } from '../../../../server/media/trim/repository.ts';
import { AudioTrim } from '../../../../server/media/trim/trim.ts';
import { UsageRepository } from '../../../../server/media/usage/repository.ts';
import { MediaUsage } from '../../../../server/media/usage/usage.ts';
import { createServiceDb, insertMediaRow, insertUser, queuedJobs, recordingQueue, type ServiceDb } from '../../support/service-db.ts';

const MINUTE_MS = 60 * 1000;

/**
 * AudioTrim on its own: the request checked against a recording put straight into a fresh database,
 * and the job it queues — nothing cut, no ffmpeg, no HTTP (the cutting itself is in trim.test.ts).
 */
describe('AudioTrim.request', () => {
  let s: ServiceDb;
  let clock: ManualClock;
  let trim: AudioTrim;
  let nudged: Lane[];
  let alice: number;
  let bob: number;

  /** Alice's recording: by default ready, 6 s long, 6,000 bytes with a 4,000-byte MP3. */
  const recording = (fields: Partial<NewMedia> = {}) => insertMediaRow(s.db, clock, alice, fields);
  const rowOf = (id: number) => s.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const setQuota = (userId: number, bytes: number | null) =>
    s.db.updateTable('users').set({ quota_bytes: bytes }).where('id', '=', userId).execute();

  beforeAll(async () => {
    s = await createServiceDb();
  });
  afterAll(() => s.close());

  beforeEach(async () => {
    await s.db.deleteFrom('jobs').execute();
    await s.db.deleteFrom('media').execute();
    clock = new ManualClock();
    const q = recordingQueue(s, clock);
    nudged = q.nudged;
    const usage = new MediaUsage({ repo: new UsageRepository(s.db), config: s.config, clock });
    trim = new AudioTrim({ repo: new TrimRepository(s.db), queue: q.queue, usage, clock });
    alice ??= await insertUser(s, clock, 'alice');
    bob ??= await insertUser(s, clock, 'bob');
    await setQuota(alice, null);
  });

  it('makes a ready recording processing at the clock’s now and queues a trim-audio job with the part', async () => {
    const rec = await recording({ failure_reason: null });
    clock.advance(5 * MINUTE_MS);

    const started = await trim.request(alice, rec.id, { start: 2, end: 4 });

    // Every update moves the row's version (migration 024): on SQLite its trigger runs after RETURNING has read the row.
    expect({ ...started, row_version: rec.row_version }).toEqual({ ...rec, status: 'processing', updated_at: clock.now().toISOString() });
    expect(await rowOf(rec.id)).toEqual({ ...started, row_version: rec.row_version + 1 });
    const jobs = await queuedJobs(s.db, 'trim-audio');
    expect(jobs.map((j) => ({ media_id: j.media_id, payload: j.payload }))).toEqual([{ media_id: rec.id, payload: { start: 2, end: 4 } }]);
    expect(nudged).toEqual(['short']);
  });

  it('takes an end a little past the stored duration (the player’s clock runs on)', async () => {
    const rec = await recording({ duration: 6 });

    await trim.request(alice, rec.id, { start: 0, end: 6.04 });

    expect((await rowOf(rec.id)).status).toBe('processing');
  });

  it('refuses a part that ends before it starts, past the recording, or keeps under a second, with the field and its message', async () => {
    const rec = await recording({ duration: 6 });
    const refused = [
      [{ start: 3, end: 3 }, { end: ['Конец должен быть позже начала.'] }],
      [{ start: 4, end: 2 }, { end: ['Конец должен быть позже начала.'] }],
      [{ start: 0, end: 6.1 }, { end: ['Конец не может быть дальше конца записи (6,0 с).'] }],
      [{ start: 2, end: 2.9 }, { non_field_errors: ['Оставьте не меньше 1 секунды.'] }],
    ] as const;

    for (const [part, body] of refused) {
      await expect(trim.request(alice, rec.id, part), JSON.stringify(part)).rejects.toMatchObject({ status: 400, body });
    }

    expect(await rowOf(rec.id)).toEqual(rec);
    expect(await queuedJobs(s.db, 'trim-audio')).toEqual([]);
    expect(nudged).toEqual([]);
  });

  it('keeps exactly one second', async () => {
    const rec = await recording();

    await trim.request(alice, rec.id, { start: 2, end: 3 });

    expect((await rowOf(rec.id)).status).toBe('processing');
  });

  it('refuses with 409 a recording that is not ready, or whose duration is unknown, before looking at the part', async () => {
    const notReady = { status: 409, body: { detail: 'Обрезать можно только готовую запись.' } };
    const processing = await recording({ status: 'processing' });
    const failed = await recording({ status: 'failed', failure_reason: 'Не удалось обработать' });
    const noDuration = await recording({ duration: null });

    for (const rec of [processing, failed, noDuration]) {
      for (const part of [
        { start: 1, end: 3 },
        { start: 1, end: 60 },
      ]) {
        await expect(trim.request(alice, rec.id, part)).rejects.toMatchObject(notReady);
      }
      expect(await rowOf(rec.id)).toEqual(rec);
    }
    expect(await queuedJobs(s.db, 'trim-audio')).toEqual([]);
  });

  it('answers 404 for another user’s recording, one in the trash, or a photo', async () => {
    const bobs = await insertMediaRow(s.db, clock, bob);
    const trashed = await recording({ deleted_at: clock.now().toISOString() });
    const photo = await recording({ kind: 'photo', duration: null });

    for (const rec of [bobs, trashed, photo]) {
      await expect(trim.request(alice, rec.id, { start: 1, end: 3 })).rejects.toMatchObject({
        status: 404,
        body: { detail: 'Не найдено.' },
      });
      expect(await rowOf(rec.id)).toEqual(rec);
    }
    expect(await queuedJobs(s.db, 'trim-audio')).toEqual([]);
  });

  it('with a quota, takes a cut whose share of the files fits the room left, and refuses (413) one that does not', async () => {
    // 10 KB of original and MP3 over 6 s: a cut of 1.2 s needs 2 KB beside them, all the quota leaves.
    await setQuota(alice, 12 * 1024);
    const rec = await recording({ size: 6 * 1024, renditions_size: 4 * 1024 });

    await expect(trim.request(alice, rec.id, { start: 0, end: 1.3 })).rejects.toMatchObject({
      status: 413,
      body: { detail: 'Не хватает места в хранилище: свободно 2 КБ из 12 КБ.' },
    });
    expect(await rowOf(rec.id)).toEqual(rec);
    expect(await queuedJobs(s.db, 'trim-audio')).toEqual([]);

    await trim.request(alice, rec.id, { start: 0, end: 1.2 });
    expect((await rowOf(rec.id)).status).toBe('processing');
  });
});
