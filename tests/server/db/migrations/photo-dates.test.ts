import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeWorker } from '../../../../server/compose.ts';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import type { Worker } from '../../../../server/jobs/worker.ts';
import { PHOTO_DATE_HEAD_BYTES, PHOTO_DATES_BATCH } from '../../../../server/media/processing/photo-dates-job.ts';
import type { Storage } from '../../../../server/storage/storage.ts';
import { createUser } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import type { StorageKind } from '../../support/test-storage.ts';

const quiet = { error: () => {}, warn: () => {}, info: () => {} };

/**
 * The storage, noting the keys it had to hand over whole as a local file (a bucket's photo fetched whole),
 * and failing every read while `down.now` is set, as a bucket that does not answer.
 */
function watchedStorage(storage: Storage, copied: string[], down: { now: boolean }): Storage {
  const unavailable = () => Object.assign(new Error('the bucket does not answer'), { code: 'ECONNRESET' });
  return new Proxy(storage, {
    get(target, name, receiver) {
      if (name === 'withLocalFile')
        return (key: string, ...rest: unknown[]) => {
          if (down.now) return Promise.reject(unavailable());
          copied.push(key);
          return (target.withLocalFile as (...a: unknown[]) => unknown).call(target, key, ...rest);
        };
      if (name === 'read')
        return (...args: Parameters<Storage['read']>) => {
          if (!down.now) return target.read(...args);
          const failing = new Readable({ read() {} });
          setImmediate(() => failing.destroy(unavailable()));
          return failing;
        };
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Migration 022 and its job: the dates stored before (the camera's zone-less time written as UTC) become
 * the camera's wall clock at once, and the 'read-photo-dates' job reads every stored photo's EXIF again
 * for the offsets the old reader ignored — on local disk and in a bucket, idempotently.
 */
describe.each<StorageKind>(['local', 's3'])('migration 022: photo dates read again (%s)', (storageKind) => {
  let t: TestApp;
  let worker: Worker;
  const copied: string[] = [];
  const down = { now: false };

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' }, storageKind, wrapStorage: (s) => watchedStorage(s, copied, down) });
    worker = composeWorker(t.deps, quiet, t.services.queue, { pollMs: 20 });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const readJobs = () => t.db.selectFrom('jobs').selectAll().where('kind', '=', 'read-photo-dates').execute();

  it('adds no job where there are no photos', async () => {
    expect(await readJobs()).toEqual([]);
  });

  it('makes stored dates the camera’s wall clock at once, then reads every photo’s EXIF again, in batches', async () => {
    const user = await createUser(t);
    await migrateTo(t.db, '021-fault-tolerance');
    const picture = (seed: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 90, b: 160 } } });
    const put = async (name: string, data: Buffer) => {
      const key = `u/${user.id}/photo/${name}`;
      await t.storage.put(key, Readable.from(data));
      return key;
    };
    const offsetKey = await put(
      'moscow.jpg',
      await picture(1)
        .jpeg()
        .withExif({ IFD2: { DateTimeOriginal: '2024:06:01 14:00:00', OffsetTimeOriginal: '+03:00' } })
        .toBuffer(),
    );
    const plainKey = await put(
      'plain.jpg',
      await picture(2)
        .jpeg()
        .withExif({ IFD2: { DateTimeOriginal: '2024:06:01 14:00:00' } })
        .toBuffer(),
    );
    // A WebP keeps its EXIF after its pixels: bigger than the part fetched first, so it is fetched whole.
    const webp = await sharp({
      create: { width: 700, height: 700, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .webp({ quality: 100 })
      .withExif({ IFD2: { DateTimeOriginal: '2020:10:11 12:13:14', OffsetTimeOriginal: '+07:00' } })
      .toBuffer();
    expect(webp.length).toBeGreaterThan(PHOTO_DATE_HEAD_BYTES);
    const webpKey = await put('big.webp', webp);
    const brokenKey = await put('broken.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 7)]));
    const missingKey = `u/${user.id}/photo/missing.jpg`;

    const now = new Date().toISOString();
    const sizes = new Map<string, number>();
    for (const key of [offsetKey, plainKey, webpKey, brokenKey]) sizes.set(key, (await t.storage.stat(key))!.size);
    const row = (
      kind: 'photo' | 'video' | 'audio',
      title: string,
      key: string,
      taken_at: string | null,
      deleted_at: string | null = null,
    ) => ({
      user_id: user.id,
      kind,
      title,
      description: '',
      status: 'ready' as const,
      original_key: key,
      mime_type: 'image/jpeg',
      size: sizes.get(key) ?? 1000,
      original_name: 'x',
      taken_at,
      deleted_at,
      renditions_size: 0,
      created_at: now,
      updated_at: now,
    });
    await t.db
      .insertInto('media')
      .values([
        row('photo', 'moscow', offsetKey, '2024-06-01T14:00:00.000Z'),
        row('photo', 'plain', plainKey, '2024-06-01T14:00:00.000Z'),
        row('photo', 'webp', webpKey, null),
        row('photo', 'broken', brokenKey, '2015-03-04T05:06:07.000Z'),
        row('photo', 'missing', missingKey, '2010-01-01T10:00:00.000Z'),
        row('photo', 'trashed', offsetKey, null, now),
        row('video', 'video', `u/${user.id}/video/v.mp4`, '2024-06-01T11:00:00.000Z'),
        ...Array.from({ length: PHOTO_DATES_BATCH + 30 }, (_, i) => row('photo', `many${i}`, plainKey, null)),
      ])
      .execute();
    const takenAt = async () =>
      new Map((await t.db.selectFrom('media').select(['title', 'taken_at']).execute()).map((r) => [r.title, r.taken_at] as const));

    await migrate(t.db);
    let afterMigration = await takenAt();
    expect(afterMigration.get('moscow')).toBe('2024-06-01T14:00:00');
    expect(afterMigration.get('plain')).toBe('2024-06-01T14:00:00');
    expect(afterMigration.get('broken')).toBe('2015-03-04T05:06:07');
    expect(afterMigration.get('missing')).toBe('2010-01-01T10:00:00');
    expect(afterMigration.get('video')).toBe('2024-06-01T11:00:00.000Z');
    expect((await readJobs()).map((j) => [j.lane, j.payload])).toEqual([['housekeeping', '{"after":0}']]);

    await worker.settle();
    afterMigration = await takenAt();
    expect(afterMigration.get('moscow')).toBe('2024-06-01T14:00:00+03:00');
    expect(afterMigration.get('plain')).toBe('2024-06-01T14:00:00');
    expect(afterMigration.get('webp')).toBe('2020-10-11T12:13:14+07:00');
    expect(afterMigration.get('trashed')).toBe('2024-06-01T14:00:00+03:00');
    // What cannot be read keeps what it had.
    expect(afterMigration.get('broken')).toBe('2015-03-04T05:06:07');
    expect(afterMigration.get('missing')).toBe('2010-01-01T10:00:00');
    expect(afterMigration.get('video')).toBe('2024-06-01T11:00:00.000Z');
    for (let i = 0; i < PHOTO_DATES_BATCH + 30; i++) expect(afterMigration.get(`many${i}`)).toBe('2024-06-01T14:00:00');
    expect(await readJobs()).toEqual([]);
    // In a bucket a photo is fetched whole only when its first part does not settle its date (the WebP);
    // on local disk the stored file is read where it is.
    if (storageKind === 's3') expect([...new Set(copied)]).toEqual([webpKey]);

    // Read again, nothing changes, and nobody's lists are rebuilt for nothing.
    const version = async () =>
      (await t.db.selectFrom('users').select('media_version').where('id', '=', user.id).executeTakeFirstOrThrow()).media_version;
    const before = await version();
    await t.services.queue.enqueue({ kind: 'read-photo-dates', payload: { after: 0 } });
    await worker.settle();
    expect(await takenAt()).toEqual(afterMigration);
    expect(await version()).toBe(before);
  });

  it('tries a batch again later when the storage fails, rather than passing its photos by', async () => {
    const before = await t.db.selectFrom('media').select(['id', 'taken_at']).orderBy('id').execute();
    await t.db.updateTable('media').set({ taken_at: null }).where('title', '=', 'moscow').execute();
    down.now = true;
    await t.services.queue.enqueue({ kind: 'read-photo-dates', payload: { after: 0 } });
    await worker.settle();
    const [waiting] = await readJobs();
    expect(waiting).toMatchObject({ attempts: 1, payload: '{"after":0}' });
    expect(waiting!.last_error).toMatch(/does not answer/);
    expect((await t.db.selectFrom('media').select('taken_at').where('title', '=', 'moscow').executeTakeFirstOrThrow()).taken_at).toBeNull();

    down.now = false;
    t.clock.advance(60_000);
    await worker.settle();
    expect(await readJobs()).toEqual([]);
    expect(await t.db.selectFrom('media').select(['id', 'taken_at']).orderBy('id').execute()).toEqual(before);
  });
});
