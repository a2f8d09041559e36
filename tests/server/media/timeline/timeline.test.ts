import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { photoRecordSchema, videoRecordSchema } from '../../../../contract/media.ts';
import { TIMELINE_MESSAGES, timelineBucketSchema } from '../../../../contract/timeline.ts';
import type { NewMedia } from '../../../../server/db/types.ts';
import { stringMatching } from '../../support/inject-json.ts';
import { createUser } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * The timeline a month at a time: the months with their counts, then one month's records, each by its
 * wall-clock time — the camera's own when the file said when it was taken, else the instant in the
 * viewer's zone (?tz=) — so that counts and months always agree and a month holds exactly its records.
 */
describe('the timeline: months and a month', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  const ids: Record<string, number> = {};

  const insert = async (
    user: User,
    kind: 'photo' | 'video',
    name: string,
    taken_at: string | null,
    created_at: string,
    deleted_at: string | null = null,
  ) => {
    const base = `u/${user.id}/${kind}/${name}`;
    const row: NewMedia = {
      user_id: user.id,
      kind,
      title: name,
      description: '',
      status: 'ready',
      original_key: `${base}.jpg`,
      mime_type: kind === 'photo' ? 'image/jpeg' : 'video/mp4',
      size: 1000,
      original_name: `${name}.jpg`,
      thumbnail_key: kind === 'photo' ? `${base}-thumb.webp` : null,
      preview_key: kind === 'photo' ? `${base}-preview.webp` : null,
      poster_key: kind === 'video' ? `${base}-poster.jpg` : null,
      width: 640,
      height: 480,
      taken_at,
      created_at,
      updated_at: created_at,
      deleted_at,
      renditions_size: 0,
    };
    const { id } = await t.db.insertInto('media').values(row).returning('id').executeTakeFirstOrThrow();
    ids[name] = id;
  };
  const get = (user: User, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...user.headers, ...headers } });
  const buckets = async (user: User, kind: string, tz?: string) => {
    const res = await get(user, `/api/media/${kind}/buckets/${tz ? `?tz=${encodeURIComponent(tz)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return z.array(z.strictObject(timelineBucketSchema.shape)).parse(res.json());
  };
  const month = async (user: User, kind: string, m: string, tz?: string) => {
    const res = await get(user, `/api/media/${kind}/?month=${m}${tz ? `&tz=${encodeURIComponent(tz)}` : ''}&t=${Date.now()}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; title: string }[]>();
  };
  const titles = (records: { title: string }[]) => records.map((r) => r.title);

  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    // Taken late on 30 June in Moscow: June, whatever the viewer's zone.
    await insert(alice, 'photo', 'june30-moscow', '2024-06-30T23:30:00+03:00', '2024-07-10T10:00:00.000Z');
    await insert(alice, 'photo', 'june1-zoneless', '2024-06-01T00:10:00', '2024-07-10T10:00:00.000Z');
    // 00:30 on 1 July by the camera's clock (still 30 June in UTC): July.
    await insert(alice, 'photo', 'july1-vladivostok', '2024-07-01T00:30:00+10:00', '2024-07-10T10:00:00.000Z');
    // No date in the file: uploaded at 00:30 on 1 July in Moscow, 21:30 on 30 June in UTC.
    await insert(alice, 'photo', 'uploaded-midnight', null, '2024-06-30T21:30:00.000Z');
    // Two taken at the same moment: the later upload first.
    await insert(alice, 'photo', 'same-1', '2024-06-15T12:00:00', '2024-07-10T10:00:00.000Z');
    await insert(alice, 'photo', 'same-2', '2024-06-15T12:00:00', '2024-07-10T10:00:01.000Z');
    await insert(alice, 'photo', 'old', '2022-01-05T10:00:00+03:00', '2024-07-10T10:00:00.000Z');
    await insert(alice, 'photo', 'trashed', '2024-06-20T10:00:00', '2024-07-10T10:00:00.000Z', '2024-07-11T10:00:00.000Z');
    // A video known only by its UTC creation time: 01:00 on 1 July in Moscow, 22:00 on 30 June in UTC.
    await insert(alice, 'video', 'clip', '2024-06-30T22:00:00.000Z', '2024-07-10T10:00:00.000Z');
    await insert(alice, 'video', 'clip-undated', null, '2024-05-02T10:00:00.000Z');
    await insert(bob, 'photo', 'bobs', '2024-06-10T10:00:00', '2024-07-10T10:00:00.000Z');
  });
  afterAll(() => t.close());

  it('counts the months newest first, by the camera’s clock, else by the viewer’s zone', async () => {
    expect(await buckets(alice, 'photo', 'Europe/Moscow')).toEqual([
      { month: '2024-07', count: 2 },
      { month: '2024-06', count: 4 },
      { month: '2022-01', count: 1 },
    ]);
    // UTC by default: the photo without a date was uploaded on 30 June there.
    expect(await buckets(alice, 'photo')).toEqual([
      { month: '2024-07', count: 1 },
      { month: '2024-06', count: 5 },
      { month: '2022-01', count: 1 },
    ]);
    expect(await buckets(alice, 'video', 'Asia/Novosibirsk')).toEqual([
      { month: '2024-07', count: 1 },
      { month: '2024-05', count: 1 },
    ]);
    expect(await buckets(alice, 'video', 'UTC')).toEqual([
      { month: '2024-06', count: 1 },
      { month: '2024-05', count: 1 },
    ]);
    expect(await buckets(bob, 'photo')).toEqual([{ month: '2024-06', count: 1 }]);
    expect(await buckets(bob, 'audio')).toEqual([]);
  });

  it('gives a month’s records newest first, the same records as the whole list', async () => {
    expect(titles(await month(alice, 'photo', '2024-06', 'Europe/Moscow'))).toEqual([
      'june30-moscow',
      'same-2',
      'same-1',
      'june1-zoneless',
    ]);
    expect(titles(await month(alice, 'photo', '2024-07', 'Europe/Moscow'))).toEqual(['uploaded-midnight', 'july1-vladivostok']);
    expect(titles(await month(alice, 'photo', '2024-06'))).toEqual([
      'june30-moscow',
      'uploaded-midnight',
      'same-2',
      'same-1',
      'june1-zoneless',
    ]);
    expect(titles(await month(alice, 'video', '2024-07', 'Europe/Moscow'))).toEqual(['clip']);
    expect(await month(alice, 'photo', '2023-06', 'Europe/Moscow')).toEqual([]);
    expect(await month(bob, 'photo', '2024-07', 'Europe/Moscow')).toEqual([]);

    const whole = new Map((await get(alice, '/api/media/photo/')).json<{ id: number }[]>().map((r) => [r.id, r]));
    const june = await month(alice, 'photo', '2024-06', 'Europe/Moscow');
    for (const record of june) {
      expect(photoRecordSchema.strict().parse(record)).toEqual(record);
      expect(record).toEqual(whole.get(record.id));
    }
    const clip = (await month(alice, 'video', '2024-07', 'Europe/Moscow'))[0];
    expect(videoRecordSchema.strict().parse(clip)).toMatchObject({
      taken_at: '2024-06-30T22:00:00.000Z',
      poster: stringMatching(/^\/media\//),
    });
  });

  it('puts every record in exactly one month, the one its bucket counts, in any zone', async () => {
    const all = (await get(alice, '/api/media/photo/'))
      .json<{ id: number }[]>()
      .map((r) => r.id)
      .sort();
    for (const tz of ['Europe/Moscow', 'Asia/Novosibirsk', 'UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const months = await buckets(alice, 'photo', tz);
      const seen: number[] = [];
      for (const { month: m, count } of months) {
        const records = await month(alice, 'photo', m, tz);
        expect(records).toHaveLength(count);
        seen.push(...records.map((r) => r.id));
      }
      expect(seen.sort()).toEqual(all);
    }
    expect(all).not.toContain(ids.trashed);
  });

  it('keeps both answers ready: 304 to their ETag, compressed when accepted, new after any change', async () => {
    const url = '/api/media/photo/buckets/?tz=Europe/Moscow';
    const first = await get(alice, url);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect((await get(alice, url, { 'if-none-match': etag })).statusCode).toBe(304);
    // Another zone is another answer.
    expect((await get(alice, '/api/media/photo/buckets/?tz=UTC', { 'if-none-match': etag })).statusCode).toBe(200);
    const br = await get(alice, url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);

    const monthUrl = '/api/media/photo/?month=2024-06&tz=Europe/Moscow';
    const june = await get(alice, monthUrl);
    const juneTag = String(june.headers.etag);
    expect((await get(alice, monthUrl, { 'if-none-match': juneTag })).statusCode).toBe(304);
    expect(juneTag).not.toBe(String((await get(alice, '/api/media/photo/')).headers.etag));

    // A photo moves to the trash: both answers change.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/photo/${ids['same-1']}/`, headers: alice.headers })).statusCode).toBe(
      204,
    );
    const after = await get(alice, url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toContainEqual({ month: '2024-06', count: 3 });
    const juneAfter = await get(alice, monthUrl, { 'if-none-match': juneTag });
    expect(juneAfter.statusCode).toBe(200);
    expect(titles(juneAfter.json())).toEqual(['june30-moscow', 'same-2', 'june1-zoneless']);
  });

  it('refuses a month or a zone it cannot read, in Russian, and answers only the signed-in owner', async () => {
    for (const bad of ['2024-13', '2024-6', 'июнь', '2024-06-01']) {
      const res = await get(alice, `/api/media/photo/?month=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ month: [TIMELINE_MESSAGES.month] });
    }
    for (const url of [
      '/api/media/photo/buckets/?tz=Mars%2FOlympus',
      '/api/media/video/?month=2024-06&tz=%00',
      '/api/media/photo/buckets/?tz=a&tz=b',
    ]) {
      const res = await get(alice, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ tz: [TIMELINE_MESSAGES.tz] });
    }
    // An empty month is the whole list, as without one.
    expect((await get(alice, '/api/media/photo/?month=')).json()).toHaveLength(6);
    for (const url of ['/api/media/photo/buckets/', '/api/media/photo/?month=2024-06']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  it('takes ?favorite=1: the favourites’ months and a month of them, records starred as in the list', async () => {
    for (const name of ['same-2', 'uploaded-midnight', 'old']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/media/photo/${ids[name]}/`,
        headers: alice.headers,
        payload: { is_favorite: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const favoriteBuckets = await get(alice, '/api/media/photo/buckets/?tz=Europe%2FMoscow&favorite=1');
    expect(favoriteBuckets.json()).toEqual([
      { month: '2024-07', count: 1 },
      { month: '2024-06', count: 1 },
      { month: '2022-01', count: 1 },
    ]);
    // The kind's own months are still all of them (kept apart from the favourites'; same-1 is in the trash).
    expect(await buckets(alice, 'photo', 'Europe/Moscow')).toEqual([
      { month: '2024-07', count: 2 },
      { month: '2024-06', count: 3 },
      { month: '2022-01', count: 1 },
    ]);
    const june = (await get(alice, '/api/media/photo/?month=2024-06&tz=Europe%2FMoscow&favorite=1')).json<{ title: string }[]>();
    expect(titles(june)).toEqual(['same-2']);
    expect(photoRecordSchema.strict().parse(june[0])).toMatchObject({ title: 'same-2', is_favorite: true });
    const all = (await get(alice, '/api/media/photo/?month=2024-06&tz=Europe%2FMoscow')).json<{ title: string; is_favorite: boolean }[]>();
    expect(all.map((r) => [r.title, r.is_favorite])).toEqual([
      ['june30-moscow', false],
      ['same-2', true],
      ['june1-zoneless', false],
    ]);
    const res = await get(alice, '/api/media/photo/buckets/?favorite=maybe');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<object>())).toEqual(['favorite']);
  });
});
