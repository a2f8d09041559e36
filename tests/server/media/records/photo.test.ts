import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { photoRecordSchema } from '../../../../contract/media.ts';
import { bodyOf } from '../../support/inject-json.ts';
import { createUser, multipart, pathOf } from '../../support/media-fixtures.ts';
import { processed, settle as settleJobs } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { storedFiles } from '../../support/test-storage.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/** Tag ids of EXIF IFD0 (0x8825 = GPS). */
function ifd0Tags(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  const base = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  const le = exif.subarray(base, base + 2).toString('latin1') === 'II';
  const u16 = (o: number) => (le ? exif.readUInt16LE(base + o) : exif.readUInt16BE(base + o));
  const u32 = (o: number) => (le ? exif.readUInt32LE(base + o) : exif.readUInt32BE(base + o));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

describe('photo API', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  const image = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  const upload = (user: User, data: Buffer, fields: Record<string, string> = {}, filename = 'photo.jpg') => {
    const body = multipart(fields, { field: 'file', filename, contentType: 'image/jpeg', data });
    return t.app.inject({ method: 'POST', url: '/api/media/photo/', headers: { ...user.headers, ...body.headers }, payload: body.payload });
  };
  /** Uploads, then waits for the photo's processing job: the record as the API shows it then. */
  const uploadProcessed = async (user: User, data: Buffer, fields: Record<string, string> = {}, filename = 'photo.jpg') => {
    const res = await upload(user, data, fields, filename);
    expect(res.statusCode, res.body).toBe(201);
    return processed(t, user, 'photo', bodyOf(res, photoRecordSchema).id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
  });
  afterAll(() => t.close());

  it('keeps the original, orients by EXIF, reads when it was taken, and strips location from everything it serves', async () => {
    // 3000×2000 pixels stored sideways (EXIF orientation 6 = shown rotated 90°), with a date and GPS.
    const jpeg = await image(3000, 2000)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Тест' },
        IFD2: { DateTimeOriginal: '2023:05:06 07:08:09' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(ifd0Tags((await sharp(jpeg).metadata()).exif)).toContain(0x8825);
    const res = await upload(alice, jpeg, { title: 'Море', description: 'лето' });
    expect(res.statusCode, res.body).toBe(201);
    // Until its job has made the copies without metadata, nothing of the photo is served.
    expect(res.json()).toMatchObject({ status: 'processing', file: null, thumbnail: null, preview: null });
    expect((await t.app.inject({ url: bodyOf(res, photoRecordSchema).download_url!, headers: alice.headers })).statusCode).toBe(404);
    const rec = await processed(t, alice, 'photo', bodyOf(res, photoRecordSchema).id);
    expect(rec).toMatchObject({
      title: 'Море',
      description: 'лето',
      width: 2000,
      height: 3000,
      taken_at: '2023-05-06T07:08:09',
      mime_type: 'image/jpeg',
      size: jpeg.length,
      status: 'ready',
    });
    expect(rec.download_url).toBe(`/api/media/photo/${rec.id}/download/`);

    // What is served as the full-size photo is upright and carries no location.
    const served = await t.app.inject({ url: pathOf(rec.file!) });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const servedMeta = await sharp(served.rawPayload).metadata();
    expect(ifd0Tags(servedMeta.exif)).not.toContain(0x8825);
    expect([servedMeta.width, servedMeta.height, servedMeta.orientation ?? 1]).toEqual([2000, 3000, 1]);
    const download = await t.app.inject({ url: rec.download_url!, headers: alice.headers });
    expect(download.statusCode).toBe(200);
    expect(ifd0Tags((await sharp(download.rawPayload).metadata()).exif)).not.toContain(0x8825);
    // The owner can still have the exact bytes they uploaded.
    const original = await t.app.inject({ url: `${rec.download_url}?format=original`, headers: alice.headers });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(jpeg)).toBe(true);

    for (const [url, max] of [
      [rec.thumbnail, 400],
      [rec.preview, 1600],
    ] as const) {
      const res = await t.app.inject({ url: pathOf(url!) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.height).toBe(max); // upright: portrait, so the long side is the height
      expect(meta.width).toBe(Math.round((max * 2000) / 3000));
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
    }
  });

  it('accepts PNG, WebP and GIF by content, and refuses what is not an image', async () => {
    for (const [fmt, mime] of [
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['gif', 'image/gif'],
    ] as const) {
      const data = await image(640, 480).toFormat(fmt).toBuffer();
      expect(await uploadProcessed(alice, data, { title: fmt }, 'x.jpg')).toMatchObject({
        mime_type: mime,
        width: 640,
        height: 480,
        taken_at: null,
      });
    }
    const before = await storedFiles(t);
    for (const data of [
      Buffer.from('не картинка'.repeat(100)),
      Buffer.from('<html><body>hi</body></html>'),
      readFileSync(process.execPath).subarray(0, 4096),
    ]) {
      const res = await upload(alice, data);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ file: ['Файл не является поддерживаемым изображением'] });
    }
    // A JPEG signature followed by garbage passes the sniff but not the header check.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await upload(alice, broken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: ['Не удалось обработать изображение'] });
    expect(await storedFiles(t)).toEqual(before);
  });

  it('lists newest first by when the photo was taken, else when it was uploaded; only the owner’s', async () => {
    const carol = await createUser(t, 'carol');
    const taken = (date: string) =>
      image(100, 100)
        .jpeg()
        .withExif({ IFD2: { DateTimeOriginal: date } })
        .toBuffer();
    const old = await uploadProcessed(carol, await taken('2001:01:01 10:00:00'), { title: 'давно' });
    t.clock.advance(1000);
    const plain = await uploadProcessed(carol, await image(100, 100).png().toBuffer(), { title: 'без даты' });
    t.clock.advance(1000);
    const mid = await uploadProcessed(carol, await taken('2020:06:01 10:00:00'), { title: 'недавно' });
    const list = await t.app.inject({ url: '/api/media/photo/', headers: carol.headers });
    expect(bodyOf(list, z.array(photoRecordSchema)).map((r) => r.title)).toEqual(['без даты', 'недавно', 'давно']);
    expect([plain.taken_at, mid.taken_at, old.taken_at]).toEqual([null, '2020-06-01T10:00:00', '2001-01-01T10:00:00']);
    expect((await t.app.inject({ url: `/api/media/photo/${mid.id}/`, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/media/photo/', headers: bob.headers })).json()).toEqual([]);
  });

  it('downloads the original under the title, edits and deletes with every file', async () => {
    const data = await image(200, 100).jpeg().toBuffer();
    const rec = await uploadProcessed(alice, data, { title: 'Кот' });
    const dl = await t.app.inject({ url: rec.download_url!, headers: alice.headers });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Кот.jpg')}`);
    expect(dl.rawPayload.equals(data)).toBe(true);
    const patched = await t.app.inject({
      method: 'POST',
      url: `/api/media/photo/${rec.id}/`,
      headers: { ...alice.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_method=PATCH&title=%D0%9F%D1%91%D1%81',
    });
    expect(bodyOf(patched, photoRecordSchema).title).toBe('Пёс');
    const files = (await storedFiles(t)).length;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/photo/${rec.id}/`, headers: alice.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/trash/photo/${rec.id}/`, headers: alice.headers })).statusCode).toBe(
      204,
    );
    await settleJobs(t); // the files go by a job
    expect((await storedFiles(t)).length).toBe(files - 3);
  });
});
