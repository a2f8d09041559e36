import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailErrorSchema } from '../../../contract/errors.ts';
import { errorOf } from '../support/inject-json.ts';
import { createUser, multipart, signIn } from '../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { tusClient } from '../support/tus.ts';

type User = Awaited<ReturnType<typeof createUser>>;
const DAY_MS = 24 * 60 * 60 * 1000;
const photo = (title: string) => ({ kind: 'photo', title, description: '', filename: `${title}.jpg` });

/** A JPEG of noise (tens of kilobytes), a different file each call. */
const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

/**
 * Unfinished resumable uploads hold their declared length of the owner's quota in every quota check
 * until they finish or expire; at most 10 are unfinished per user; and all of them together stay within
 * the server's staging budget (UPLOAD_STAGING_BYTES).
 */
describe('unfinished uploads and the quota', () => {
  const QUOTA = 3_000_000;
  let t: TestApp;
  let tus: ReturnType<typeof tusClient>;

  beforeAll(async () => {
    t = await createTestApp({ env: { USER_QUOTA_BYTES: String(QUOTA), MAX_PHOTO_BYTES: String(4_000_000) } });
    tus = tusClient(t.app);
  });
  afterAll(() => t.close());

  /** An upload declaring `length` bytes, sent all but its last byte. */
  async function almostSent(user: User, length: number, title: string) {
    const created = await tus.create(user.headers, length, photo(title));
    expect(created.statusCode, created.body).toBe(201);
    const url = created.headers.location as string;
    const sent = await tus.patch(user.headers, url, 0, randomBytes(length - 1));
    expect(sent.statusCode, sent.body).toBe(204);
    return url;
  }

  it('counts a staged upload with its declared length: a second one that would pass the quota is refused', async () => {
    const u = await createUser(t);
    const url = await almostSent(u, 2_850_000, 'первая');
    // Usage counts what is kept; the staged bytes are not a record yet.
    expect((await t.app.inject({ url: '/api/media/usage/', headers: u.headers })).json()).toMatchObject({ total_bytes: 0 });
    for (let i = 0; i < 3; i++) {
      const refused = await tus.create(u.headers, 2_850_000, photo(`ещё ${i}`));
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        detail:
          'Не хватает места в хранилище: свободно 146 КБ из 2,8 МБ. Из занятого 2,7 МБ приходится на незавершённые загрузки: место освободится, когда они завершатся или через сутки.',
      });
    }
    const rows = await t.db.selectFrom('uploads').select('id').where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);

    // A multipart upload meets the same room.
    const body = multipart({ title: 'обычная' }, { field: 'file', filename: 'p.jpg', data: randomBytes(400_000) });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/media/photo/',
      headers: { ...u.headers, ...body.headers },
      payload: body.payload,
    });
    expect(plain.statusCode).toBe(413);
    expect(errorOf(plain, detailErrorSchema).detail).toMatch(
      /^Не хватает места в хранилище: свободно 146 КБ из 2,8 МБ\. Из занятого 2,7 МБ/,
    );

    // Ended by its owner, it holds nothing any more.
    expect((await tus.terminate(u.headers, url)).statusCode).toBe(204);
    expect((await tus.create(u.headers, 2_850_000, photo('после отмены'))).statusCode).toBe(201);
  });

  it('does not count an upload against itself when it completes', async () => {
    const u = await createUser(t);
    const data = await jpeg();
    const created = await tus.create(u.headers, data.length, photo('целиком'));
    expect(created.statusCode, created.body).toBe(201);
    // Another upload takes all but this one's room.
    await almostSent(u, QUOTA - data.length - 10, 'соседняя');
    const done = await tus.patch(u.headers, created.headers.location as string, 0, data);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ size: data.length });
  });

  it('holds the room only until the upload expires', async () => {
    const u = await createUser(t);
    await almostSent(u, 2_850_000, 'забытая');
    expect((await tus.create(u.headers, 2_850_000, photo('рано'))).statusCode).toBe(413);
    t.clock.advance(DAY_MS + 1000);
    const later = await signIn(t, u.id); // the first session's access token has long expired
    expect((await tus.create(later.headers, 2_850_000, photo('через сутки'))).statusCode).toBe(201);
  });
});

describe('how many unfinished uploads', () => {
  let t: TestApp;
  let tus: ReturnType<typeof tusClient>;

  beforeAll(async () => {
    t = await createTestApp({ env: { UPLOAD_STAGING_BYTES: String(5_000_000) } });
    tus = tusClient(t.app);
  });
  afterAll(() => t.close());

  it('keeps at most 10 unfinished per user, with no quota set', async () => {
    const u = await createUser(t);
    const urls: string[] = [];
    for (let i = 0; i < 10; i++) {
      const created = await tus.create(u.headers, 1000, photo(`№${i}`));
      expect(created.statusCode, created.body).toBe(201);
      urls.push(created.headers.location as string);
    }
    const eleventh = await tus.create(u.headers, 1000, photo('одиннадцатая'));
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({
      detail: 'Слишком много незавершённых загрузок: одновременно можно не больше 10. Дождитесь, пока текущие завершатся.',
    });
    expect(await t.db.selectFrom('uploads').select('id').where('user_id', '=', u.id).execute()).toHaveLength(10);
    // Another user is not held back by them; one of the ten ended makes room for the next.
    expect((await tus.create((await createUser(t)).headers, 1000, photo('чужая'))).statusCode).toBe(201);
    expect((await tus.terminate(u.headers, urls[0]!)).statusCode).toBe(204);
    expect((await tus.create(u.headers, 1000, photo('снова'))).statusCode).toBe(201);
  });

  it('keeps every user’s unfinished uploads together within UPLOAD_STAGING_BYTES', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const first = await tus.create(a.headers, 3_000_000, photo('большая'));
    expect(first.statusCode, first.body).toBe(201);
    const refused = await tus.create(b.headers, 3_000_000, photo('не влезает'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('300');
    expect(refused.json()).toEqual({ detail: 'Сервер сейчас принимает слишком много загрузок. Повторите попытку позже.' });
    expect((await tus.terminate(a.headers, first.headers.location as string)).statusCode).toBe(204);
    expect((await tus.create(b.headers, 3_000_000, photo('теперь влезает'))).statusCode).toBe(201);
  });

  it('counts staged uploads against a quota set for one user (by the admin command), with no server quota', async () => {
    const u = await createUser(t);
    await t.db.updateTable('users').set({ quota_bytes: 150_000 }).where('id', '=', u.id).execute();
    expect((await tus.create(u.headers, 100_000, photo('первая'))).statusCode).toBe(201);
    const refused = await tus.create(u.headers, 100_000, photo('вторая'));
    expect(refused.statusCode).toBe(413);
    expect(errorOf(refused, detailErrorSchema).detail).toBe(
      'Не хватает места в хранилище: свободно 48 КБ из 146 КБ. Из занятого 97 КБ приходится на незавершённые загрузки: место освободится, когда они завершатся или через сутки.',
    );
    // Others keep the server's default: no quota.
    expect((await tus.create((await createUser(t)).headers, 200_000, photo('без квоты'))).statusCode).toBe(201);
  });

  it('admits racing creations one after the other: never more than 10 of one user', async () => {
    const u = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => tus.create(u.headers, 100, photo(`гонка ${i}`))));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(6);
  });
});
