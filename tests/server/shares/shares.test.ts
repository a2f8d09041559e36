import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { albumSchema } from '../../../contract/albums.ts';
import { detailErrorSchema } from '../../../contract/errors.ts';
import { audioRecordSchema, photoRecordSchema, videoRecordSchema } from '../../../contract/media.ts';
import { createdShareSchema, shareSchema, sharedItemSchema, sharedViewSchema, type Share } from '../../../contract/shares.ts';
import { nextIp } from '../support/auth.ts';
import { bodyOf, errorOf, matching } from '../support/inject-json.ts';
import { createUser, ffmpeg, tempDir } from '../support/media-fixtures.ts';
import { INVALID_LINK, shareSteps } from '../support/shares.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mediaUploads } from '../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every key of an answer is one the contract's schema names, and every key it names is there (but an optional one). */
function expectExactly(schema: z.ZodObject, value: unknown) {
  expect(schema.safeParse(value).error).toBeUndefined();
  const named = Object.entries(schema.shape).filter(
    ([key, field]) => key in (value as object) || !(field as z.ZodType).safeParse(undefined).success,
  );
  expect(Object.keys(value as object).sort()).toEqual(named.map(([key]) => key).sort());
}

/** Share links: made, listed and revoked by their owner; opened by anybody with the token (and the password). */
describe('share links', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let uploads: ReturnType<typeof mediaUploads>;
  let s: ReturnType<typeof shareSteps>;
  let audio: { id: number; title: string };
  let photo: { id: number };
  let video: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    uploads = mediaUploads(t);
    s = shareSteps(t);
    audio = matching(audioRecordSchema, await uploads.audio(alice, 'Маме'));
    photo = matching(photoRecordSchema, await uploads.photo(alice, 'Дача'));
    video = matching(videoRecordSchema, await uploads.video(alice, 'Кот'));
  }, 120_000);
  afterAll(() => t.close());

  it('makes a link: 201 with its URL shown once, a 128-bit token stored only as its hash', async () => {
    const res = await s.create(alice, {
      target: { kind: 'audio', id: audio.id },
      expires_in_days: 1,
      password: 'секрет',
      allow_download: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const share = bodyOf(res, createdShareSchema);
    expectExactly(createdShareSchema, share);
    expect(share).toMatchObject({
      expires_at: new Date(t.clock.now().getTime() + DAY_MS).toISOString(),
      has_password: true,
      allow_download: true,
      view_count: 0,
      last_viewed_at: null,
      created_at: t.clock.now().toISOString(),
      active: true,
      target: { kind: 'audio', id: audio.id, title: 'Маме' },
    });
    const token = /^http:\/\/localhost:3000\/s\/#([A-Za-z0-9_-]{22})$/.exec(share.url)?.[1];
    expect(token, share.url).toBeTruthy();
    expect(Buffer.from(token!, 'base64url')).toHaveLength(16);

    const row = await t.db.selectFrom('shares').selectAll().where('id', '=', share.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token!);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('секрет');

    // Two links never share a token.
    const other = await s.make(alice, { kind: 'audio', id: audio.id });
    expect(other.token).not.toBe(token);
  });

  it('offers 1, 7 and 30 days or no expiry', async () => {
    for (const days of [1, 7, 30] as const) {
      const share = await s.make(alice, { kind: 'photo', id: photo.id }, { expires_in_days: days });
      expect(new Date(share.expires_at!).getTime() - t.clock.now().getTime()).toBe(days * DAY_MS);
    }
    expect((await s.make(alice, { kind: 'photo', id: photo.id }, { expires_in_days: null })).expires_at).toBeNull();
  });

  it('lists the owner’s links newest first, with views and targets but no URL, and nobody else’s', async () => {
    const box = bodyOf(
      await t.app.inject({ method: 'POST', url: '/api/albums/', headers: alice.headers, payload: { title: 'Дом' } }),
      albumSchema,
    );
    t.clock.advance(1000);
    const made = await s.make(alice, { album: box.id });
    const res = await t.app.inject({ url: '/api/shares/', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<Share[]>();
    for (const one of list) expectExactly(shareSchema, one);
    expect(list[0]).toMatchObject({ id: made.id, target: { album: box.id, title: 'Дом' }, has_password: false, allow_download: false });
    expect(list.map((x) => x.created_at)).toEqual([...list.map((x) => x.created_at)].sort().reverse());
    expect((await t.app.inject({ url: '/api/shares/', headers: bob.headers })).json()).toEqual([]);
  });

  it("refuses to share another user's item or album, an item in the trash, or a wrong kind: 404", async () => {
    const box = bodyOf(
      await t.app.inject({ method: 'POST', url: '/api/albums/', headers: alice.headers, payload: { title: 'Чужой' } }),
      albumSchema,
    );
    for (const target of [{ kind: 'audio', id: audio.id }, { album: box.id }]) {
      const res = await s.create(bob, { target, expires_in_days: null });
      expect(res.statusCode, JSON.stringify(target)).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено.' });
    }
    expect((await s.create(alice, { target: { kind: 'video', id: audio.id }, expires_in_days: null })).statusCode).toBe(404);
    const gone = matching(audioRecordSchema, await uploads.audio(alice, 'В корзине'));
    await t.app.inject({ method: 'DELETE', url: `/api/media/audio/${gone.id}/`, headers: alice.headers });
    expect((await s.create(alice, { target: { kind: 'audio', id: gone.id }, expires_in_days: null })).statusCode).toBe(404);
    expect(await t.db.selectFrom('shares').select('id').where('user_id', '=', bob.id).execute()).toEqual([]);
  });

  it('refuses a bad expiry, target, password or download flag with field errors, and strangers with 401', async () => {
    const target = { kind: 'audio', id: audio.id };
    const cases: [unknown, Record<string, string[]>][] = [
      [{ target }, { expires_in_days: ['Обязательное поле.'] }],
      [{ target, expires_in_days: 2 }, { expires_in_days: ['Выберите срок: 1, 7 или 30 дней либо без срока.'] }],
      [{ target, expires_in_days: '7' }, { expires_in_days: ['Выберите срок: 1, 7 или 30 дней либо без срока.'] }],
      [{ expires_in_days: 1 }, { target: ['Обязательное поле.'] }],
      [{ target: { id: 3 }, expires_in_days: 1 }, { target: ['Укажите элемент ({"kind", "id"}) или альбом ({"album"}).'] }],
      [{ target: { kind: 'book', id: 3 }, expires_in_days: 1 }, { target: ['Укажите элемент ({"kind", "id"}) или альбом ({"album"}).'] }],
      [{ target, expires_in_days: 1, password: 5 }, { password: ['Некорректное значение.'] }],
      [{ target, expires_in_days: 1, password: 'abc' }, { password: ['Пароль ссылки должен содержать минимум 4 символа'] }],
      [{ target, expires_in_days: 1, allow_download: 'maybe' }, { allow_download: ['Требуется логическое значение.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await s.create(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    for (const [method, url] of [
      ['GET', '/api/shares/'],
      ['POST', '/api/shares/'],
      ['DELETE', '/api/shares/1/'],
    ] as const) {
      expect(
        (await t.app.inject({ method, url, payload: method === 'POST' ? { target, expires_in_days: 1 } : undefined })).statusCode,
      ).toBe(401);
    }
  });

  it('opens a recording with no session: share-scoped URLs of its MP3 only, no account data, noindex and no Referer', async () => {
    const share = await s.make(alice, { kind: 'audio', id: audio.id });
    const res = await s.open(share.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    const view = bodyOf(res, sharedViewSchema);
    expectExactly(sharedViewSchema, view);
    expect(view).toMatchObject({ kind: 'audio', title: 'Маме', description: '', expires_at: null, allow_download: false });
    expect(view.items).toHaveLength(1);
    const item = view.items[0]!;
    expect(sharedItemSchema.safeParse(item).error).toBeUndefined();
    expect(item).toMatchObject({ kind: 'audio', title: 'Маме', download_url: null, status: 'ready' });
    if (item.kind !== 'audio') throw new Error('a recording was expected');
    expectExactly(sharedItemSchema.options[0], item);
    // An opaque name of the item in this link, the same at the next opening, and all its URL names.
    expect(item.id).toMatch(/^[\w-]{22}$/);
    expect((await s.view(share.token)).items[0]!.id).toBe(item.id);
    expect(item.audio_file).toMatch(new RegExp(`^/media/shared/${item.id}/play\\?exp=\\d+&sig=[\\w-]+$`));
    expect(item.waveform_data.length).toBeGreaterThan(0);

    // Nothing names the owner: no e-mail, name, username, or user id (a storage key would carry it).
    const text = res.body;
    for (const secret of ['alice@example.com', 'alice', 'Тест', 'Пользователь', `/u/${alice.id}/`, `u/${alice.id}/`]) {
      expect(text, secret).not.toContain(secret);
    }

    const played = await s.fetch(item.audio_file!);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.headers['cache-control']).toBe('no-store');
    expect(played.headers['x-robots-tag']).toMatch(/noindex/);
    expect(played.headers['referrer-policy']).toBe('no-referrer');
    expect(played.headers['content-disposition']).toBeUndefined();
    const ranged = await s.fetch(item.audio_file!, { range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload).toHaveLength(10);
  });

  it('counts each opening, with the time of the latest', async () => {
    const share = await s.make(alice, { kind: 'audio', id: audio.id });
    await s.view(share.token);
    t.clock.advance(60_000);
    await s.view(share.token);
    const listed = (await t.app.inject({ url: '/api/shares/', headers: alice.headers })).json<Share[]>().find((x) => x.id === share.id)!;
    expect(listed).toMatchObject({ view_count: 2, last_viewed_at: t.clock.now().toISOString() });
  });

  it('serves a photo’s copies without location, and a video’s MP4 and poster, never an original', async () => {
    const photoView = await s.view((await s.make(alice, { kind: 'photo', id: photo.id })).token);
    const shot = photoView.items[0]!;
    expect(shot.kind).toBe('photo');
    if (shot.kind !== 'photo') return;
    for (const url of [shot.file, shot.thumbnail, shot.preview]) {
      expect(url).toMatch(/^\/media\/shared\//);
      const res = await s.fetch(url!);
      expect(res.statusCode, url!).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.exif, url!).toBeUndefined();
    }

    const videoView = await s.view((await s.make(alice, { kind: 'video', id: video.id }, { allow_download: true })).token);
    const clip = videoView.items[0]!;
    if (clip.kind !== 'video') throw new Error('a video was expected');
    expect(clip.file).toBeNull();
    expect((await s.fetch(clip.playable!)).headers['content-type']).toBe('video/mp4');
    expect((await s.fetch(clip.poster!)).headers['content-type']).toBe('image/jpeg');
    const download = await s.fetch(clip.download_url!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''%D0%9A%D0%BE%D1%82.mp4");
  });

  it('hands out a video filmed with a location without it, the download included', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'where.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=duration=1:size=96x64:rate=10', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-metadata', 'location=+55.7558+037.6173/', '-movflags', 'use_metadata_tags', file],
    ]);
    const data = readFileSync(file);
    expect(data.includes('+55.7558+037.6173')).toBe(true);
    const rec = matching(
      videoRecordSchema,
      await uploads.file(alice, 'video', 'Где снято', { field: 'file', name: 'where.mp4', type: 'video/mp4', data }),
    );
    const view = await s.view((await s.make(alice, { kind: 'video', id: rec.id }, { allow_download: true })).token);
    const clip = view.items[0] as { file: string | null; playable: string; download_url: string };
    expect(clip.file).toBeNull();
    for (const url of [clip.playable, clip.download_url]) {
      const res = await s.fetch(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.includes('+55.7558+037.6173'), url).toBe(false);
    }
  });

  it('allow_download=false: no download URL, and a download attempt is refused', async () => {
    const share = await s.make(alice, { kind: 'audio', id: audio.id }, { allow_download: false });
    const item = (await s.view(share.token)).items[0]!;
    expect(item.download_url).toBeNull();
    // The play URL's signature does not fit a download of the same item.
    const attempt = await s.fetch((item as { audio_file: string }).audio_file.replace('/play?', '/download?'));
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json()).toEqual({ detail: 'Доступ запрещён' });

    const allowed = await s.make(alice, { kind: 'audio', id: audio.id }, { allow_download: true });
    const view = await s.view(allowed.token);
    expect(view.allow_download).toBe(true);
    const res = await s.fetch(view.items[0]!.download_url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"]*\.mp3"; filename\*=UTF-8''%D0%9C%D0%B0%D0%BC%D0%B5\.mp3$/,
    );
  });

  it('asks for the password first; a wrong one is 403, and strangers guessing never lock the recipient out', async () => {
    const share = await s.make(alice, { kind: 'audio', id: audio.id }, { password: 'пароль мамы' });
    const none = await s.open(share.token);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ detail: 'Введите пароль', code: 'password_required' });
    expect(none.headers['x-robots-tag']).toMatch(/noindex/);
    const wrong = await s.open(share.token, 'не тот');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: 'Неверный пароль', code: 'wrong_password' });
    expect((await s.view(share.token, 'пароль мамы')).title).toBe('Маме');

    // Five wrong tries from five addresses: the recipient, from an address of their own, still gets in.
    for (let i = 0; i < 5; i++) expect((await s.open(share.token, `guess ${i}`)).statusCode).toBe(403);
    expect((await s.open(share.token, 'пароль мамы')).statusCode).toBe(200);

    // One address that keeps guessing waits, alone (even with the right password, as a login does).
    const another = await s.make(alice, { kind: 'audio', id: audio.id }, { password: 'пароль мамы' });
    const guesser = nextIp();
    for (let i = 0; i < 5; i++) expect((await s.open(another.token, `again ${i}`, guesser)).statusCode).toBe(403);
    const limited = await s.open(another.token, 'пароль мамы', guesser);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(limited, detailErrorSchema).detail).toMatch(/^Слишком много попыток\. Повторите через \d+ с\.$/);
    expect((await s.open(another.token, 'пароль мамы')).statusCode).toBe(200);

    // Many guesses on the link from many addresses only pace further tries: at most a minute's wait, then
    // the right password opens it.
    let paced: Awaited<ReturnType<typeof s.open>> | undefined;
    for (let i = 0; i < 20 && !paced; i++) {
      const res = await s.open(share.token, `crowd ${i}`);
      if (res.statusCode === 429) paced = res;
      else expect(res.statusCode).toBe(403);
    }
    expect(paced, 'the link paces tries after many wrong ones').toBeDefined();
    const wait = Number(paced!.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await s.open(share.token, 'пароль мамы')).statusCode).toBe(429);
    t.clock.advance(wait * 1000);
    expect((await s.open(share.token, 'пароль мамы')).statusCode).toBe(200);
    // The other links are not held up.
    expect((await s.open((await s.make(alice, { kind: 'audio', id: audio.id }, { password: 'xxxx' })).token, 'xxxx')).statusCode).toBe(200);
    // Wrong passwords count for nothing in the views.
    const listed = (await t.app.inject({ url: '/api/shares/', headers: alice.headers })).json<Share[]>().find((x) => x.id === share.id)!;
    expect(listed.view_count).toBe(3);
  });

  it('limits wrong passwords per address too, across links', async () => {
    const ip = nextIp();
    const links = await Promise.all(
      Array.from({ length: 10 }, () => s.make(alice, { kind: 'photo', id: photo.id }, { password: 'верный' })),
    );
    // Three wrong tries on each of ten links: no link reaches its own limit, the address reaches its 30.
    for (let i = 0; i < 30; i++) expect((await s.open(links[i % 10]!.token, `guess ${i}`, ip)).statusCode).toBe(403);
    const limited = await s.open(links[0]!.token, 'верный', ip);
    expect(limited.statusCode).toBe(429);
    expect((await s.open(links[0]!.token, 'верный', nextIp())).statusCode).toBe(200);
  });

  it('answers an unknown or malformed token, or a token in a query, with the contract’s 404', async () => {
    for (const token of ['A'.repeat(22), 'short', 'x'.repeat(200), '../../etc/passwd', '']) {
      const res = await s.open(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toEqual(INVALID_LINK);
      expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/public/shares/open/', payload: {} });
    expect(missing.json()).toEqual({ token: ['Обязательное поле.'] });
    const share = await s.make(alice, { kind: 'audio', id: audio.id });
    const inQuery = await t.app.inject({ url: `/api/public/shares/open/?token=${share.token}` });
    expect(inQuery.statusCode).toBe(404);
    expect(inQuery.json()).toEqual({ detail: 'Не найдено.' });
  });

  it('revoking: 204, then the link and every URL it handed out answer 404 at once; only the owner may', async () => {
    const share = await s.make(alice, { kind: 'photo', id: photo.id }, { allow_download: true });
    const urls = s.urlsOf(await s.view(share.token));
    expect(urls).toHaveLength(4); // file, thumbnail, preview, download
    await s.expectServed(urls);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}/`, headers: bob.headers })).statusCode).toBe(404);
    await s.expectServed(urls);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}/`, headers: alice.headers });
    expect(res.statusCode).toBe(204);
    const open = await s.open(share.token);
    expect(open.statusCode).toBe(404);
    expect(open.json()).toEqual(INVALID_LINK);
    await s.expectGone(urls);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}/`, headers: alice.headers })).statusCode).toBe(404);
    // The item itself is untouched.
    expect((await t.app.inject({ url: `/api/media/photo/${photo.id}/`, headers: alice.headers })).statusCode).toBe(200);
  });

  it('refuses a forged or mismatched media URL with 403, the same whatever it names', async () => {
    const share = await s.make(alice, { kind: 'photo', id: photo.id });
    const other = await s.make(alice, { kind: 'audio', id: audio.id });
    const item = (await s.view(share.token)).items[0] as { id: string; thumbnail: string };
    const otherRef = (await s.view(other.token)).items[0]!.id;
    const thumb = new URL(item.thumbnail, 'http://x');
    const [exp, sig] = ['exp', 'sig'].map((name) => thumb.searchParams.get(name)!);
    expect([...thumb.searchParams.keys()]).toEqual(['exp', 'sig']);
    expect((await t.app.inject({ url: `/media/shared/${item.id}/thumb?exp=${exp}&sig=${sig}` })).statusCode).toBe(200);
    // A ref changed by one character, another link's ref, another file, a later expiry, a part missing.
    const flipped = `${item.id.slice(0, 5)}${item.id[5] === 'A' ? 'B' : 'A'}${item.id.slice(6)}`;
    for (const path of [
      `/media/shared/${item.id}/preview?exp=${exp}&sig=${sig}`,
      `/media/shared/${otherRef}/thumb?exp=${exp}&sig=${sig}`,
      `/media/shared/${flipped}/thumb?exp=${exp}&sig=${sig}`,
      `/media/shared/${item.id}/thumb?exp=${Number(exp) + 1}&sig=${sig}`,
      `/media/shared/${item.id}/thumb?exp=${exp}`,
      `/media/shared/${item.id}/thumb?sig=${sig}`,
    ]) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ detail: 'Доступ запрещён' });
    }
    // A sequential id in the ref's place, or another file name, names nothing.
    for (const path of [`/media/shared/${photo.id}/thumb?exp=${exp}&sig=${sig}`, `/media/shared/${item.id}/original?exp=${exp}&sig=${sig}`])
      expect((await t.app.inject({ url: path })).statusCode, path).toBe(404);
    // A URL of the owner's own (with the key, their id in it) is no share URL, nor the other way round.
    const owned = bodyOf(await t.app.inject({ url: `/api/media/photo/${photo.id}/`, headers: alice.headers }), photoRecordSchema)
      .thumbnail as string;
    const ownSig = new URL(owned, 'http://x').searchParams.get('sig')!;
    expect((await t.app.inject({ url: `/media/shared/${item.id}/thumb?exp=${exp}&sig=${ownSig}` })).statusCode).toBe(403);
  });
});
