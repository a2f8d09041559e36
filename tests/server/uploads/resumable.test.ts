import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailErrorSchema } from '../../../contract/errors.ts';
import { photoRecordSchema, videoRecordSchema } from '../../../contract/media.ts';
import { bodyOf, errorOf, matching } from '../support/inject-json.ts';
import { createUser, ffmpeg, pathOf, signIn, tempDir } from '../support/media-fixtures.ts';
import { processed, settle } from '../support/processing.ts';
import { storedFiles } from '../support/test-storage.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { tusClient } from '../support/tus.ts';

type User = Awaited<ReturnType<typeof createUser>>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const b64 = (text: string) => Buffer.from(text).toString('base64');
const DAY_MS = 24 * 60 * 60 * 1000;

describe('resumable uploads (tus)', () => {
  let t: TestApp;
  let tus: ReturnType<typeof tusClient>;
  let alice: User;
  let bob: User;
  /** A JPEG of noise (tens of kilobytes), a different file each call. */
  const jpeg = () =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
  /** Every stored file, on local disk or in the bucket (work copies included). */
  const stored = () => storedFiles(t);
  const staged = async (user: User) => (await stored()).filter((f) => f.startsWith(`u/${user.id}/uploads/`));
  const uploadRows = () => t.db.selectFrom('uploads').selectAll().execute();

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_PHOTO_BYTES: String(200 * 1024) } });
    tus = tusClient(t.app);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
  });
  afterAll(() => t.close());

  it('takes a photo in pieces and answers the last piece with the record, hashed across the pieces', async () => {
    const data = await jpeg();
    const created = await tus.create(alice.headers, data.length, {
      kind: 'photo',
      title: 'По частям',
      description: 'тус',
      filename: 'кадр.jpg',
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = created.headers.location as string;
    // A path on our own origin, never built from the Host the client sent.
    expect(url).toMatch(/^\/api\/uploads\/\d+-[0-9a-f]{32}$/);
    expect(new Date(created.headers['upload-expires'] as string).getTime()).toBe(
      Math.floor((t.clock.now().getTime() + DAY_MS) / 1000) * 1000,
    );

    const first = await tus.patch(alice.headers, url, 0, data.subarray(0, 1000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('1000');
    const head = await tus.head(alice.headers, url);
    expect(head.statusCode).toBe(200);
    expect([head.headers['upload-offset'], head.headers['upload-length']]).toEqual(['1000', String(data.length)]);
    expect(head.headers['cache-control']).toBe('no-store');

    const last = await tus.patch(alice.headers, url, 1000, data.subarray(1000));
    expect(last.statusCode, last.body).toBe(201);
    expect(last.headers['upload-offset']).toBe(String(data.length));
    expect(last.headers['content-type']).toMatch(/^application\/json/);
    const record = bodyOf(last, photoRecordSchema);
    expect(record).toMatchObject({
      title: 'По частям',
      description: 'тус',
      mime_type: 'image/jpeg',
      size: data.length,
      sha256: sha256(data),
      status: 'processing',
    });
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: alice.id, original_name: 'кадр.jpg', sha256: sha256(data) });
    const original = await t.app.inject({ url: `${record.download_url}?format=original`, headers: alice.headers });
    expect(original.rawPayload.equals(data)).toBe(true);
    // Processed as any upload is, by its job.
    const ready = matching(photoRecordSchema, await processed(t, alice, 'photo', record.id));
    expect(ready).toMatchObject({ status: 'ready', width: 320, height: 240, sha256: sha256(data) });
    expect((await t.app.inject({ url: pathOf(ready.thumbnail!) })).statusCode).toBe(200);

    // Nothing of the upload is left: no staged bytes, no row; the upload itself is gone.
    expect(await staged(alice)).toEqual([]);
    expect(await uploadRows()).toEqual([]);
    expect((await tus.head(alice.headers, url)).statusCode).toBe(404);
  });

  it('takes a whole file with its creation (creation with upload), an empty metadata value as empty', async () => {
    const data = await jpeg();
    // An empty value travels as a key alone (`description`), as tus-js-client writes it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: {
        ...alice.headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(data.length),
        'upload-metadata': `kind ${b64('photo')},title ${b64('Сразу')},description`,
        'content-type': 'application/offset+octet-stream',
      },
      payload: data,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Сразу', description: '', sha256: sha256(data), status: 'processing' });
    expect(await staged(alice)).toEqual([]);
  });

  it('makes a video record that is processed in the background, as the multipart upload does', async () => {
    const dir = await tempDir();
    const clip = path.join(dir, 'clip.webm');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'libvpx', '-b:v', '100k', clip]);
    const data = readFileSync(clip);
    const created = await tus.create(alice.headers, data.length, { kind: 'video', title: 'Клип', filename: 'clip.webm' });
    const done = await tus.patch(alice.headers, created.headers.location as string, 0, data);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ title: 'Клип', mime_type: 'video/webm', sha256: sha256(data) });
    expect(await processed(t, alice, 'video', bodyOf(done, videoRecordSchema).id)).toMatchObject({
      status: 'ready',
      width: 160,
      height: 120,
    });
  });

  it('lets nobody but the owner look at, go on with or end an upload', async () => {
    const data = await jpeg();
    const url = (await tus.create(alice.headers, data.length, { kind: 'photo' })).headers.location as string;
    expect((await tus.patch(alice.headers, url, 0, data.subarray(0, 500))).statusCode).toBe(204);

    for (const res of [
      await tus.head(bob.headers, url),
      await tus.patch(bob.headers, url, 500, data.subarray(500)),
      await tus.terminate(bob.headers, url),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(await t.db.selectFrom('media').select('id').where('user_id', '=', bob.id).execute()).toEqual([]);
    // Alice's upload is as she left it.
    const head = await tus.head(alice.headers, url);
    expect(head.headers['upload-offset']).toBe('500');
    expect((await staged(alice)).length).toBeGreaterThan(0);

    // Without a session nothing of tus answers: the guard refuses before tus looks at the request.
    const anonymous = await t.app.inject({ method: 'HEAD', url });
    expect(anonymous.statusCode).toBe(401);
    const bare = await t.app.inject({ method: 'POST', url: '/api/uploads/' });
    expect(bare.statusCode).toBe(401);
    expect(errorOf(bare, detailErrorSchema).detail).toBe('Учетные данные не были предоставлены.');

    expect((await tus.terminate(alice.headers, url)).statusCode).toBe(204);
    expect(await staged(alice)).toEqual([]);
    expect(await uploadRows()).toEqual([]);
    expect((await tus.head(alice.headers, url)).statusCode).toBe(404);
  });

  it('checks the metadata as an upload’s fields and the length against the kind’s limit, in Russian', async () => {
    await settle(t);
    const before = await stored();
    const cases: [number | null, Record<string, string>, number, unknown][] = [
      [100, {}, 400, { kind: ['Обязательное поле.'] }],
      [100, { kind: 'document' }, 400, { kind: ['Неизвестный вид записи: нужен audio, photo или video.'] }],
      [100, { kind: 'photo', title: 'я'.repeat(256) }, 400, { title: ['Убедитесь, что это значение содержит не более 255 символов.'] }],
      [0, { kind: 'photo' }, 400, { file: ['Отправленный файл пуст.'] }],
      [200 * 1024 + 1, { kind: 'photo' }, 413, { file: ['Файл слишком большой (максимум 0,2 МБ)'] }],
      [null, { kind: 'photo' }, 501, { detail: 'Такая загрузка не поддерживается.' }],
    ];
    for (const [length, metadata, status, body] of cases) {
      const res = await tus.create(alice.headers, length, metadata);
      expect(res.statusCode, JSON.stringify(metadata)).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(body);
    }
    // A request that is not tus at all gets words too.
    const noVersion = await t.app.inject({ method: 'POST', url: '/api/uploads/', headers: { ...alice.headers, 'upload-length': '10' } });
    expect(noVersion.statusCode).toBe(412);
    expect(noVersion.json()).toEqual({ detail: 'Нужен заголовок Tus-Resumable: 1.0.0.' });
    expect(await stored()).toEqual(before);
    expect(await uploadRows()).toEqual([]);
  });

  it('refuses an upload that cannot fit in the owner’s quota when it is created, and again when it completes', async () => {
    const [first, second] = [await jpeg(), await jpeg()];
    const quota = first.length + second.length + 1000;
    const q = await createTestApp({ env: { USER_QUOTA_BYTES: String(quota) } });
    try {
      const owner = await createUser(q);
      const client = tusClient(q.app);
      const big = await client.create(owner.headers, quota + 1, { kind: 'photo' });
      expect(big.statusCode).toBe(413);
      expect(errorOf(big, detailErrorSchema).detail).toMatch(/^Не хватает места в хранилище: свободно \d+ КБ из \d+ КБ\.$/);

      // Two uploads that fit together when they begin; the first one's renditions (counted once it is
      // processed) then leave no room for the second when it completes.
      const one = (await client.create(owner.headers, first.length, { kind: 'photo' })).headers.location as string;
      const created = await client.create(owner.headers, second.length, { kind: 'photo' });
      expect(created.statusCode, created.body).toBe(201);
      const done = await client.patch(owner.headers, one, 0, first);
      expect(done.statusCode).toBe(201);
      await processed(q, owner, 'photo', bodyOf(done, photoRecordSchema).id);
      const refused = await client.patch(owner.headers, created.headers.location as string, 0, second);
      expect(refused.statusCode).toBe(413);
      expect(errorOf(refused, detailErrorSchema).detail).toMatch(/^Не хватает места в хранилище: свободно /);
      expect((await storedFiles(q)).filter((f) => f.includes('/uploads/'))).toEqual([]);
    } finally {
      await q.close();
    }
  });

  it('refuses a completed file that is not what its kind takes, and keeps nothing of it', async () => {
    const text = Buffer.from('это не картинка, а текст '.repeat(20));
    const url = (await tus.create(alice.headers, text.length, { kind: 'photo', title: 'подделка' })).headers.location as string;
    const res = await tus.patch(alice.headers, url, 0, text);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: ['Файл не является поддерживаемым изображением'] });
    expect(await staged(alice)).toEqual([]);
    expect((await stored()).filter((f) => f.endsWith('.upload'))).toEqual([]);
    expect(await uploadRows()).toEqual([]);
  });

  it('stores nothing for a file the owner already keeps, and names the record that has it', async () => {
    const data = await jpeg();
    const kept = bodyOf(await tus.create(alice.headers, data.length, { kind: 'photo', title: 'первый раз' }, data), photoRecordSchema);
    await settle(t); // its renditions made, so that what is stored stays put
    const filesBefore = await stored();
    const url = (await tus.create(alice.headers, data.length, { kind: 'photo', title: 'второй раз' })).headers.location as string;
    await tus.patch(alice.headers, url, 0, data.subarray(0, 100));
    const res = await tus.patch(alice.headers, url, 100, data.subarray(100));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Этот файл уже есть в Копилке', id: kept.id, kind: 'photo' });
    expect(await stored()).toEqual(filesBefore);
    expect(await uploadRows()).toEqual([]);
  });

  it('does not remove an upload while its record is being made, nor let the cleanup take it', async () => {
    const data = await jpeg();
    const url = (await tus.create(alice.headers, data.length, { kind: 'photo' })).headers.location as string;
    await tus.patch(alice.headers, url, 0, data.subarray(0, 100));
    const id = url.split('/').pop()!;
    // As the completing request marks it, before its record exists.
    await t.db.updateTable('uploads').set({ finishing_at: t.clock.now().toISOString() }).where('id', '=', id).execute();
    const refused = await tus.terminate(alice.headers, url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Эта загрузка уже завершается.' });
    // Past its expiry the cleanup still leaves it to that request for a while, then takes it.
    await t.db
      .updateTable('uploads')
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await t.services.uploads.service.removeExpired()).toBe(0);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect(await t.services.uploads.service.removeExpired()).toBe(1);
    expect(await staged(alice)).toEqual([]);
    alice = await signIn(t, alice.id);
  });

  it('hashes from the stored bytes when the running hash was lost', async () => {
    const data = await jpeg();
    const url = (await tus.create(alice.headers, data.length, { kind: 'photo' })).headers.location as string;
    await tus.patch(alice.headers, url, 0, data.subarray(0, 700));
    const id = url.split('/').pop()!;
    await t.db.updateTable('uploads').set({ hash_offset: null, hash_state: null }).where('id', '=', id).execute();
    const res = await tus.patch(alice.headers, url, 700, data.subarray(700));
    expect(res.statusCode).toBe(201);
    expect(bodyOf(res, photoRecordSchema).sha256).toBe(sha256(data));
  });

  it('refuses an upload abandoned for 24 hours (410) and removes it, and the cleanup removes the others', async () => {
    const data = await jpeg();
    const first = (await tus.create(alice.headers, data.length, { kind: 'photo' })).headers.location as string;
    await tus.patch(alice.headers, first, 0, data.subarray(0, 100));
    const second = (await tus.create(alice.headers, data.length, { kind: 'photo' })).headers.location as string;
    await tus.patch(alice.headers, second, 0, data.subarray(0, 100));
    t.clock.advance(DAY_MS - 1000);
    // A day later the morning's access token is long gone: a new sign-in.
    alice = await signIn(t, alice.id);
    expect((await tus.head(alice.headers, first)).statusCode).toBe(200);
    expect(await t.services.uploads.service.removeExpired()).toBe(0);

    t.clock.advance(2000);
    alice = await signIn(t, alice.id);
    const gone = await tus.patch(alice.headers, first, 100, data.subarray(100));
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ detail: 'Загрузка устарела и удалена: отправьте файл заново.' });
    expect(await t.services.uploads.service.removeExpired()).toBe(1);
    expect(await staged(alice)).toEqual([]);
    expect(await uploadRows()).toEqual([]);
    expect((await tus.head(alice.headers, second)).statusCode).toBe(404);
  });

  it('sends the bytes nowhere but the upload’s own staging place (ids that are not ours name nothing)', async () => {
    for (const id of ['..%2F..%2Fsecret_key', `${alice.id}-${randomBytes(16).toString('hex')}`, 'abc']) {
      const res = await tus.patch(alice.headers, `/api/uploads/${id}`, 0, Buffer.from('x'));
      expect(res.statusCode).toBe(404);
    }
  });
});
