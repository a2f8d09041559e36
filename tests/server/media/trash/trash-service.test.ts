import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../server/clock.ts';
import type { Media } from '../../../../server/db/types.ts';
import { audioKind, photoKind } from '../../../../server/media/kinds.ts';
import { TrashRepository } from '../../../../server/media/trash/repository.ts';
import { MediaTrash } from '../../../../server/media/trash/trash.ts';
import type { Lane } from '../../../../server/db/tables/jobs.ts';
import {
  createServiceDb,
  insertMediaRow,
  mediaRow,
  insertUser,
  queuedJobs,
  recordingQueue,
  type ServiceDb,
} from '../../support/service-db.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * MediaTrash on its own: rows put straight into a fresh database, time on a manual clock, no HTTP,
 * no files (the realistic round trips are in trash.test.ts).
 */
describe('MediaTrash', () => {
  let s: ServiceDb;
  let clock: ManualClock;
  let trash: MediaTrash;
  let nudged: Lane[];
  let alice: number;
  let bob: number;

  /** An item of `userId` moved to the trash `agoMs` before the clock's now (a live one when null). */
  const item = (userId: number, agoMs: number | null, fields: Parameters<typeof insertMediaRow>[3] = {}) =>
    insertMediaRow(s.db, clock, userId, {
      deleted_at: agoMs === null ? null : new Date(clock.now().getTime() - agoMs).toISOString(),
      ...fields,
    });
  const rowOf = (id: number) => s.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  const titles = (rows: Media[]) => rows.map((r) => r.title);
  /** What a purge-files job is asked to remove for a record: its files, and anything under its base name. */
  const filesOf = (row: Media) => {
    const base = row.original_key.slice(0, row.original_key.lastIndexOf('.'));
    return { keys: [row.original_key, row.playable_key], prefixes: [`${base}.`, `${base}-`] };
  };

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
    trash = new MediaTrash({ repo: new TrashRepository(s.db), queue: q.queue, clock });
    alice ??= await insertUser(s, clock, 'alice');
    bob ??= await insertUser(s, clock, 'bob');
  });

  it('lists the owner’s trashed items, most recently deleted first, without live items or another owner’s', async () => {
    await item(alice, 3 * HOUR_MS, { title: 'Вчерашняя' });
    await item(alice, HOUR_MS, { title: 'Свежая' });
    await item(alice, 2 * HOUR_MS, { title: 'Фото', kind: 'photo' });
    await item(alice, null, { title: 'Живая' });
    await item(bob, 0, { title: 'Чужая' });

    expect(titles(await trash.list(alice))).toEqual(['Свежая', 'Фото', 'Вчерашняя']);
    expect(titles(await trash.list(bob))).toEqual(['Чужая']);
  });

  it('lists items deleted at the same moment newest row first', async () => {
    await item(alice, HOUR_MS, { title: 'Первая' });
    await item(alice, HOUR_MS, { title: 'Вторая' });

    expect(titles(await trash.list(alice))).toEqual(['Вторая', 'Первая']);
  });

  it('restores an item: out of the trash, the row as it was, and nothing to delete', async () => {
    const row = await item(alice, DAY_MS, { title: 'Вернуть' });

    const restored = await trash.restore(alice, audioKind, row.id);

    // The row as it was, but for its version, which every update moves (migration 024).
    expect({ ...restored, row_version: row.row_version }).toEqual({ ...row, deleted_at: null });
    expect(restored.row_version).toBeGreaterThanOrEqual(row.row_version);
    expect((await rowOf(row.id))?.deleted_at).toBeNull();
    expect(await trash.list(alice)).toEqual([]);
    expect(await queuedJobs(s.db, 'purge-files')).toEqual([]);
  });

  it('removes one item for good: its row goes and a purge-files job names its files', async () => {
    const row = await item(alice, DAY_MS);
    const other = await item(alice, DAY_MS);

    await trash.purge(alice, audioKind, row.id);

    expect(await rowOf(row.id)).toBeUndefined();
    expect(await rowOf(other.id)).toBeDefined();
    expect((await queuedJobs(s.db, 'purge-files')).map((j) => j.payload)).toEqual([filesOf(row)]);
    expect(nudged).toEqual(['housekeeping']);
  });

  it('empties the owner’s trash: every trashed row goes with a job for its files; live items and another owner’s stay', async () => {
    const a = await item(alice, DAY_MS);
    const b = await item(alice, HOUR_MS, { kind: 'photo' });
    const live = await item(alice, null);
    const bobs = await item(bob, DAY_MS);

    expect(await trash.empty(alice)).toBe(2);

    expect(await rowOf(a.id)).toBeUndefined();
    expect(await rowOf(b.id)).toBeUndefined();
    expect(await rowOf(live.id)).toBeDefined();
    expect(await rowOf(bobs.id)).toBeDefined();
    const asked = (await queuedJobs(s.db, 'purge-files')).map((j) => j.payload);
    expect(asked).toHaveLength(2);
    expect(asked).toEqual(expect.arrayContaining([filesOf(a), filesOf(b)]));
    expect(nudged).toEqual(['housekeeping']);
  });

  it('empties an empty trash without asking to delete anything', async () => {
    await item(alice, null);

    expect(await trash.empty(alice)).toBe(0);
    expect(await queuedJobs(s.db, 'purge-files')).toEqual([]);
    expect(nudged).toEqual([]);
  });

  it('answers 404 «Не найдено.» for another owner’s item, a live item, or the wrong kind, and changes nothing', async () => {
    const bobs = await item(bob, DAY_MS);
    const live = await item(alice, null);
    const audio = await item(alice, DAY_MS);
    const notFound = { status: 404, body: { detail: 'Не найдено.' } };

    for (const [kind, id] of [
      [audioKind, bobs.id],
      [audioKind, live.id],
      [photoKind, audio.id],
    ] as const) {
      await expect(trash.restore(alice, kind, id)).rejects.toMatchObject(notFound);
      await expect(trash.purge(alice, kind, id)).rejects.toMatchObject(notFound);
    }

    expect(await rowOf(bobs.id)).toEqual(bobs);
    expect(await rowOf(live.id)).toEqual(live);
    expect(await rowOf(audio.id)).toEqual(audio);
    expect(await queuedJobs(s.db, 'purge-files')).toEqual([]);
  });

  it('sweeps away items of any owner 30 days after their deletion at the clock’s now, not a moment before', async () => {
    const first = await item(alice, 0);
    clock.advance(HOUR_MS);
    const later = await item(bob, 0);

    clock.advance(30 * DAY_MS - HOUR_MS - 1);
    expect(await trash.purgeExpired()).toBe(0);
    expect(await rowOf(first.id)).toBeDefined();

    clock.advance(1);
    expect(await trash.purgeExpired()).toBe(1);
    expect(await rowOf(first.id)).toBeUndefined();
    expect(await rowOf(later.id)).toBeDefined();
    expect((await queuedJobs(s.db, 'purge-files')).map((j) => j.payload)).toEqual([filesOf(first)]);

    clock.advance(HOUR_MS);
    expect(await trash.purgeExpired()).toBe(1);
    expect(await rowOf(later.id)).toBeUndefined();
  });

  it('sweeps in batches until every expired item is gone, leaving live items alone', async () => {
    const deleted_at = new Date(clock.now().getTime() - 31 * DAY_MS).toISOString();
    await s.db
      .insertInto('media')
      .values(Array.from({ length: 105 }, (_, i) => mediaRow(clock, i % 2 ? alice : bob, { deleted_at })))
      .execute();
    const live = await item(alice, null, { created_at: new Date(clock.now().getTime() - 40 * DAY_MS).toISOString() });

    expect(await trash.purgeExpired()).toBe(105);

    expect(await s.db.selectFrom('media').select('id').execute()).toEqual([{ id: live.id }]);
    expect(await queuedJobs(s.db, 'purge-files')).toHaveLength(105);
  });
});
