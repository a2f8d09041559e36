import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { audioRecordSchema, photoRecordSchema } from '../../../contract/media.ts';
import { seedLibrary } from '../../../bench/seed-library.ts';
import { createUser, pathOf } from '../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The benchmarks' library (bench/seed-library.ts) is a library the app serves as its own: records of the
 * contract's shapes, every date in one of taken_at's forms, spread over years, with files that are served.
 */
describe('the benchmarks’ seeded library', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storageKind: 'local', env: { RUN_JOBS: 'false' } });
  });
  afterAll(() => t.close());

  it('writes photos over years and recordings the API lists, counts and serves', async () => {
    const user = await createUser(t);
    const report = await seedLibrary({
      dataDir: t.dataDir,
      db: t.db,
      userId: user.id,
      photos: 600,
      recordings: 40,
      now: new Date('2026-11-26T12:00:00Z'),
    });
    expect(report).toMatchObject({ photos: 600, recordings: 40 });
    expect(report.photoMonths).toBeGreaterThan(12);

    const photos = z
      .array(photoRecordSchema.strict())
      .parse((await t.app.inject({ url: '/api/media/photo/', headers: user.headers })).json());
    const audio = z
      .array(audioRecordSchema.strict())
      .parse((await t.app.inject({ url: '/api/media/audio/', headers: user.headers })).json());
    expect([photos.length, audio.length]).toEqual([600, 40]);
    const forms = new Set(photos.map((p) => (p.taken_at === null ? 'none' : /[+-]\d{2}:\d{2}$/.test(p.taken_at) ? 'offset' : 'zoneless')));
    expect([...forms].sort()).toEqual(['none', 'offset', 'zoneless']);
    expect(audio.every((r) => r.duration !== null && r.waveform_data.length === 300)).toBe(true);

    const buckets = (await t.app.inject({ url: '/api/media/photo/buckets/?tz=Europe/Moscow', headers: user.headers })).json<
      { count: number }[]
    >();
    expect(buckets.reduce((n, b) => n + b.count, 0)).toBe(600);

    for (const url of [photos[0]!.thumbnail, photos[0]!.preview, photos[0]!.file, audio[0]!.audio_file]) {
      expect(url).toBeTypeOf('string');
      const res = await t.app.inject({ url: pathOf(url!) });
      expect(res.statusCode, url!).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(1000);
    }
  });
});
