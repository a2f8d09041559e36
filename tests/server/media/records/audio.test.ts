import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { detailErrorSchema } from '../../../../contract/errors.ts';
import { audioRecordSchema } from '../../../../contract/media.ts';
import { parseProbe } from '../../../../server/media/processing/ffmpeg.ts';
import { bodyOf, errorOf } from '../../support/inject-json.ts';
import { audioFixtures, createUser, decodedDuration, ffmpegBin, multipart, pathOf, tempDir } from '../../support/media-fixtures.ts';
import { processed, settle } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { storedFiles } from '../../support/test-storage.ts';
import { postMedia, sendMultipart } from '../../support/uploads.ts';
import { mediaRowCount } from '../../support/media-rows.ts';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

type Files = Awaited<ReturnType<typeof audioFixtures>>;
type User = Awaited<ReturnType<typeof createUser>>;

const audioListSchema = z.array(audioRecordSchema);

describe('audio API', () => {
  let t: TestApp;
  let fx: Files;
  let dir: string;
  let alice: User;
  let bob: User;

  const upload = (user: User, file: string, fields: Record<string, string> = {}, filename = path.basename(file)) =>
    postMedia(t, user, 'audio', fields, { filename, contentType: 'audio/webm', data: readFileSync(file) });
  /** Uploads, then waits for the record's processing job: the record as the API shows it then. */
  const uploadProcessed = async (user: User, file: string, fields: Record<string, string> = {}) => {
    const res = await upload(user, file, fields);
    expect(res.statusCode, res.body).toBe(201);
    return processed(t, user, 'audio', bodyOf(res, audioRecordSchema).id);
  };
  const rowCount = () => mediaRowCount(t.db);
  const mediaFiles = () => storedFiles(t);

  beforeAll(async () => {
    t = await createTestApp();
    dir = await tempDir();
    fx = await audioFixtures(dir);
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the text fields whether they come before or after the file', async () => {
    const body = multipart(
      { title: 'после файла', description: 'поля в конце' },
      { field: 'audio_file', filename: 'a.ogg', data: readFileSync(fx.ogg) },
      { fileFirst: true },
    );
    const res = await sendMultipart(t, alice, '/api/media/audio/', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'после файла', description: 'поля в конце', mime_type: 'audio/ogg' });
  });

  it('gets the duration of a webm whose header has none (as Chromium records it)', async () => {
    const probe = await run(ffmpegBin, ['-hide_banner', '-i', fx.pipedWebm]).catch((e: { stderr: string }) => e);
    expect(parseProbe(probe.stderr).duration).toBeNull();
    const rec = await uploadProcessed(alice, fx.pipedWebm, { title: 'без длительности' });
    expect(Math.abs(rec.duration! - 3)).toBeLessThan(0.1);
  });

  it('refuses a text file and an HTML page renamed .webm, by content, and keeps nothing', async () => {
    // The jobs of the tests before this one end first: a job still running writes its MP3 in its work folder
    // (work/jobs/<claim>/), and that file would count as kept here.
    await settle(t);
    const rowsBefore = await rowCount();
    const filesBefore = await mediaFiles();
    const text = path.join(dir, 'notes.webm');
    writeFileSync(text, 'Просто текст, а не аудио.\n'.repeat(50));
    const html = path.join(dir, 'page.webm');
    writeFileSync(html, '<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const file of [text, html]) {
      const res = await upload(alice, file, { title: 'подделка' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ audio_file: ['Файл не является поддерживаемой аудиозаписью'] });
    }
    expect(await rowCount()).toBe(rowsBefore);
    expect(await mediaFiles()).toEqual(filesBefore);
  });

  it('keeps a file that looks like audio but cannot be decoded as a failed record, with the reason, and no MP3', async () => {
    // The jobs of the tests before this one end first: on a loaded machine one of them stored its MP3 in
    // the middle of this test, and it counted as made here.
    await settle(t);
    const filesBefore = await mediaFiles();
    const broken = path.join(dir, 'broken.wav');
    writeFileSync(broken, readFileSync(fx.wav).subarray(0, 44)); // a WAV header and no samples
    const res = await upload(alice, broken, { title: 'пустая' });
    expect(res.statusCode).toBe(201);
    const rec = await processed(t, alice, 'audio', bodyOf(res, audioRecordSchema).id);
    expect(rec).toMatchObject({ title: 'пустая', status: 'failed', failure_reason: 'Не удалось обработать аудиозапись', duration: null });
    expect(rec.waveform_data).toEqual([]);
    // The original is kept (downloadable as it was), nothing else is made.
    const added = (await mediaFiles()).filter((f) => !filesBefore.includes(f));
    const { original_key: originalKey } = await t.db
      .selectFrom('media')
      .select('original_key')
      .where('id', '=', rec.id)
      .executeTakeFirstOrThrow();
    expect(added).toEqual([originalKey]);
    expect(added[0]).toMatch(/\.wav$/);
  });

  it('asks for the file when there is none, and checks title and description lengths', async () => {
    let res = await sendMultipart(t, alice, '/api/media/audio/', multipart({ title: 'без файла' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ audio_file: ['Обязательное поле.'] });

    res = await t.app.inject({ method: 'POST', url: '/api/media/audio', headers: alice.headers, payload: { title: 'json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ audio_file: ['Обязательное поле.'] });

    const filesBefore = await mediaFiles();
    res = await upload(alice, fx.webm, { title: 'я'.repeat(256), description: 'д'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      title: ['Убедитесь, что это значение содержит не более 255 символов.'],
      description: ['Убедитесь, что это значение содержит не более 5000 символов.'],
    });
    expect(await mediaFiles()).toEqual(filesBefore);

    // A user of its own: alice's collection is for the tests below, which store this file themselves.
    res = await upload(await createUser(t), fx.webm, { title: 'я'.repeat(255), description: 'д'.repeat(5000) });
    expect(res.statusCode).toBe(201);
  });

  it('needs a bearer token', async () => {
    const res = await t.app.inject({ url: '/api/media/audio/' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res, detailErrorSchema).detail).toBeTruthy();
  });

  it('lists only the owner’s records, newest first, ignoring ?t=', async () => {
    const carol = await createUser(t, 'carol');
    const ids: number[] = [];
    for (const [title, file] of [
      ['первая', fx.mp3],
      ['вторая', fx.wav],
      ['третья', fx.ogg],
    ] as const) {
      ids.push((await uploadProcessed(carol, file, { title })).id);
      t.clock.advance(1000);
    }
    const list = await t.app.inject({ url: `/api/media/audio/?t=${Date.now()}`, headers: carol.headers });
    expect(list.statusCode).toBe(200);
    expect(bodyOf(list, audioListSchema).map((r) => r.id)).toEqual([...ids].reverse());
    expect(bodyOf(list, audioListSchema)[0]).toMatchObject({ title: 'третья', status: 'ready' });
    const other = await t.app.inject({ url: '/api/media/audio', headers: bob.headers });
    expect(bodyOf(other, audioListSchema).some((r) => ids.includes(r.id))).toBe(false);
  });

  describe('edit and delete', () => {
    let id: number;
    beforeAll(async () => {
      id = bodyOf(await upload(alice, fx.mp3, { title: 'исходное' }), audioRecordSchema).id;
    });
    const url = () => `/api/media/audio/${id}/`;
    const current = async () => bodyOf(await t.app.inject({ url: url(), headers: alice.headers }), audioRecordSchema);

    it('PATCH with JSON', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: url(),
        headers: alice.headers,
        payload: { title: 'JSON', description: 'описание' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, title: 'JSON', description: 'описание' });
      expect(await current()).toMatchObject({ title: 'JSON', description: 'описание' });
    });

    it('PATCH with form-urlencoded, without the trailing slash', async () => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/media/audio/${id}`,
        headers: { ...alice.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ title: 'Форма', description: 'поля' }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Форма', description: 'поля' });
    });

    it('PATCH with multipart fields', async () => {
      const res = await sendMultipart(t, alice, url(), multipart({ title: 'Multipart', description: 'части' }), 'PATCH');
      expect(res.statusCode).toBe(200);
      expect(await current()).toMatchObject({ title: 'Multipart', description: 'части' });
    });

    it('PATCH with multipart ignores a file sent along, and refuses a big one', async () => {
      const body = multipart(
        { title: 'С файлом', description: 'части' },
        { field: 'audio_file', filename: 'x.bin', data: Buffer.alloc(1000, 1) },
      );
      const res = await sendMultipart(t, alice, url(), body, 'PATCH');
      expect(res.statusCode).toBe(200);
      expect(bodyOf(res, audioRecordSchema).title).toBe('С файлом');
      const big = multipart({ title: 'большой' }, { field: 'audio_file', filename: 'x.bin', data: Buffer.alloc(2 * 1024 * 1024, 1) });
      const refused = await sendMultipart(t, alice, url(), big, 'PATCH');
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({ detail: 'Слишком большой запрос.' });
      expect((await current()).title).toBe('С файлом');
    });

    it('POST with X-HTTP-Method-Override: PATCH and JSON', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: url(),
        headers: { ...alice.headers, 'x-http-method-override': 'PATCH' },
        payload: { title: 'Override' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ title: 'Override', description: 'части' });
    });

    it('POST with _method=PATCH as a form field and as a multipart field', async () => {
      let res = await t.app.inject({
        method: 'POST',
        url: url(),
        headers: { ...alice.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _method: 'PATCH', title: 'Метод формы' }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(bodyOf(res, audioRecordSchema).title).toBe('Метод формы');
      const body = multipart({ _method: 'PATCH', title: 'Метод multipart', description: '' });
      res = await sendMultipart(t, alice, url(), body);
      expect(res.statusCode).toBe(200);
      expect(await current()).toMatchObject({ title: 'Метод multipart', description: '' });
    });

    it('rejects a POST without an override, and bad values, without changing the record', async () => {
      let res = await t.app.inject({ method: 'POST', url: url(), headers: alice.headers, payload: { title: 'x' } });
      expect(res.statusCode).toBe(405);
      res = await t.app.inject({ method: 'PATCH', url: url(), headers: alice.headers, payload: { title: 'x'.repeat(256) } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ title: ['Убедитесь, что это значение содержит не более 255 символов.'] });
      res = await t.app.inject({ method: 'PATCH', url: url(), headers: alice.headers, payload: { title: { a: 1 }, description: null } });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['description', 'title']);
      res = await t.app.inject({ method: 'PATCH', url: url(), headers: alice.headers, payload: { title: 'nul\u0000' } });
      expect(res.statusCode).toBe(400);
      res = await t.app.inject({
        method: 'PATCH',
        url: url(),
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload: '{"title":',
      });
      expect(res.statusCode).toBe(400);
      expect((await current()).title).toBe('Метод multipart');
    });

    const deletions: [string, (id: number) => InjectOptions][] = [
      ['DELETE', (i) => ({ method: 'DELETE', url: `/api/media/audio/${i}/`, headers: alice.headers })],
      [
        'POST _method=DELETE (form)',
        (i) => ({
          method: 'POST',
          url: `/api/media/audio/${i}/`,
          headers: { ...alice.headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: '_method=DELETE',
        }),
      ],
      [
        'POST _method=DELETE (multipart)',
        (i) => {
          const body = multipart({ _method: 'DELETE' });
          return { method: 'POST', url: `/api/media/audio/${i}`, headers: { ...alice.headers, ...body.headers }, payload: body.payload };
        },
      ],
      [
        'POST X-HTTP-Method-Override: DELETE',
        (i) => ({ method: 'POST', url: `/api/media/audio/${i}/`, headers: { ...alice.headers, 'x-http-method-override': 'DELETE' } }),
      ],
    ];
    for (const [label, request] of deletions) {
      it(`deletes with ${label}: 204, to the trash (its URLs answer 404), and its files go when it is removed for good`, async () => {
        const rec = await uploadProcessed(alice, fx.webm, { title: 'на удаление' });
        // This record's own files (the original and its MP3): the folder also holds files of the records before it,
        // whose processing may still be writing.
        const keys = await t.db
          .selectFrom('media')
          .select(['original_key', 'playable_key'])
          .where('id', '=', rec.id)
          .executeTakeFirstOrThrow();
        const own = [keys.original_key, keys.playable_key].filter((k): k is string => !!k);
        expect(own).toHaveLength(2);
        expect((await mediaFiles()).filter((f) => own.includes(f))).toEqual([...own].sort());
        const res = await t.app.inject(request(rec.id));
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
        expect((await t.app.inject({ url: `/api/media/audio/${rec.id}/`, headers: alice.headers })).statusCode).toBe(404);
        expect((await t.app.inject({ url: pathOf(rec.audio_file!) })).statusCode).toBe(404);
        expect((await t.app.inject(request(rec.id))).statusCode).toBe(404);
        const purge = await t.app.inject({ method: 'DELETE', url: `/api/media/trash/audio/${rec.id}/`, headers: alice.headers });
        expect(purge.statusCode).toBe(204);
        // The files go by a job; a run that meets the storage's trouble (S3 under a loaded machine) is tried again
        // seconds later, which settle() (what is due now) does not wait for: settled until they are gone.
        await expect
          .poll(
            async () => {
              await settle(t);
              return (await mediaFiles()).filter((f) => own.includes(f));
            },
            { timeout: 15_000 },
          )
          .toEqual([]);
      });
    }
  });

  it('never shows or changes another user’s record', async () => {
    const rec = bodyOf(await upload(alice, fx.m4a, { title: 'личное' }), audioRecordSchema);
    const notFound = { detail: 'Не найдено.' };
    const attempts: (InjectOptions & { url: string })[] = [
      { url: `/api/media/audio/${rec.id}/` },
      { method: 'PATCH', url: `/api/media/audio/${rec.id}/`, payload: { title: 'взлом' } },
      { method: 'POST', url: `/api/media/audio/${rec.id}/`, headers: { 'x-http-method-override': 'PATCH' }, payload: { title: 'взлом' } },
      { method: 'DELETE', url: `/api/media/audio/${rec.id}/` },
      {
        method: 'POST',
        url: `/api/media/audio/${rec.id}/`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '_method=DELETE',
      },
      { url: `/api/media/audio/${rec.id}/download/` },
      { url: `/api/media/audio/${rec.id}/download/?format=original` },
      { method: 'POST', url: `/api/media/audio/${rec.id}/retry/` },
    ];
    for (const a of attempts) {
      const res = await t.app.inject({ ...a, headers: { ...(a.headers as Record<string, string> | undefined), ...bob.headers } });
      expect(res.statusCode, `${a.method ?? 'GET'} ${a.url}`).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    const list = await t.app.inject({ url: '/api/media/audio/', headers: bob.headers });
    expect(bodyOf(list, audioListSchema).map((r) => r.id)).not.toContain(rec.id);
    expect(bodyOf(await t.app.inject({ url: `/api/media/audio/${rec.id}/`, headers: alice.headers }), audioRecordSchema).title).toBe(
      'личное',
    );
    for (const bad of ['abc', '0', '-1', '99999999999', '1.5']) {
      const res = await t.app.inject({ url: `/api/media/audio/${bad}/`, headers: alice.headers });
      expect(res.statusCode).toBe(404);
    }
  });

  it('downloads a real MP3 named after the Russian title, and the original on request', async () => {
    const rec = await uploadProcessed(alice, fx.webm, { title: 'Моя запись: «тест»' });
    const res = await t.app.inject({ url: rec.download_url!, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const cd = String(res.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+\.mp3"; filename\*=UTF-8''/);
    expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent('Моя запись_ «тест».mp3')}`);
    expect(cd).toContain('filename="Moya zapis_ _test_.mp3"');
    const bytes = res.rawPayload;
    const id3 = bytes.subarray(0, 3).toString('latin1') === 'ID3';
    const sync = bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;
    expect(id3 || sync).toBe(true);
    const mp3 = path.join(dir, 'downloaded.mp3');
    writeFileSync(mp3, bytes);
    expect(Math.abs((await decodedDuration(mp3)) - 3)).toBeLessThan(0.15);

    const original = await t.app.inject({ url: `${rec.download_url}?format=original`, headers: alice.headers });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('audio/webm');
    expect(original.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Моя запись_ «тест».webm')}`);
    expect(original.rawPayload.equals(readFileSync(fx.webm))).toBe(true);

    const ranged = await t.app.inject({ url: rec.download_url!, headers: { ...alice.headers, range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);

    const bad = await t.app.inject({ url: `${rec.download_url}?format=flac`, headers: alice.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ format: ['Неизвестный формат.'] });
  });

  it('names an untitled download after the record', async () => {
    const owner = await createUser(t);
    const rec = await uploadProcessed(owner, fx.mp3);
    expect(rec.title).toBe('');
    const res = await t.app.inject({ url: rec.download_url!, headers: owner.headers });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="recording-${rec.id}.mp3"; filename*=UTF-8''recording-${rec.id}.mp3`,
    );
    expect(res.headers['content-type']).toBe('audio/mpeg');
    // The default download is the MP3 served (without the upload's tags); ?format=original is the upload.
    const original = await t.app.inject({ url: `${rec.download_url}?format=original`, headers: owner.headers });
    expect(original.rawPayload.equals(readFileSync(fx.mp3))).toBe(true);
  });
});
