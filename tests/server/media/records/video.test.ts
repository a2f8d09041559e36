import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { duplicateMediaSchema, signedLinkSchema, videoRecordSchema } from '../../../../contract/media.ts';
import { bodyOf } from '../../support/inject-json.ts';
import { createUser, decodedDuration, ffmpeg, multipart, pathOf, tempDir } from '../../support/media-fixtures.ts';
import { settle as settleJobs } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { unzip } from '../../support/unzip.ts';
import { storedFiles } from '../../support/test-storage.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/** An upload's answer with an id: the new record (201), or the one that already holds these bytes (409). */
const newOrKeptSchema = z.union([videoRecordSchema, duplicateMediaSchema]);

describe('video API', () => {
  let t: TestApp;
  let dir: string;
  let alice: User;
  let bob: User;
  const upload = (user: User, file: string, fields: Record<string, string> = {}) => {
    const body = multipart(fields, { field: 'file', filename: path.basename(file), contentType: 'video/webm', data: readFileSync(file) });
    return t.app.inject({ method: 'POST', url: '/api/media/video/', headers: { ...user.headers, ...body.headers }, payload: body.payload });
  };
  const settle = () => settleJobs(t);
  const get = async (user: User, id: number) =>
    bodyOf(await t.app.inject({ url: `/api/media/video/${id}/`, headers: user.headers }), videoRecordSchema);
  /** The stored original's key (no URL names it: what is served is the MP4 made from it). */
  const originalKey = async (id: number) =>
    (await t.db.selectFrom('media').select('original_key').where('id', '=', id).executeTakeFirstOrThrow()).original_key;

  const files = { webm: '', pipedWebm: '', mp4: '', mov: '' };
  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    dir = await tempDir();
    const src = ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
    files.webm = path.join(dir, 'clip.webm');
    files.pipedWebm = path.join(dir, 'piped.webm');
    files.mp4 = path.join(dir, 'clip.mp4');
    files.mov = path.join(dir, 'clip.mov');
    await ffmpeg([...src, '-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus', '-shortest', files.webm]);
    await ffmpeg([
      ...src,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      files.mp4,
    ]);
    await ffmpeg([...src, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', files.mov]);
    const { spawn } = await import('node:child_process');
    const { createWriteStream } = await import('node:fs');
    const { pipeline } = await import('node:stream/promises');
    const { ffmpegBin } = await import('../../support/media-fixtures.ts');
    const child = spawn(
      ffmpegBin,
      ['-hide_banner', '-v', 'error', ...src, '-c:v', 'libvpx', '-c:a', 'libopus', '-shortest', '-f', 'webm', 'pipe:1'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await pipeline(child.stdout, createWriteStream(files.pipedWebm));
  });
  afterAll(() => t.close());

  it('answers at once with status processing, then makes an MP4 and a poster in the background', async () => {
    const res = await upload(alice, files.webm, { title: 'Прогулка' });
    expect(res.statusCode, res.body).toBe(201);
    const created = bodyOf(res, videoRecordSchema);
    expect(created).toMatchObject({
      title: 'Прогулка',
      mime_type: 'video/webm',
      size: readFileSync(files.webm).length,
      status: 'processing',
    });
    await settle();
    const rec = await get(alice, created.id);
    expect(rec).toMatchObject({ status: 'ready', width: 320, height: 240 });
    expect(Math.abs(rec.duration! - 2)).toBeLessThan(0.15);
    expect(rec.playable).toMatch(/-play\.mp4\?exp=/);
    expect(rec.poster).toMatch(/-poster\.jpg\?exp=/);
    const mp4 = await t.app.inject({ url: pathOf(rec.playable!) });
    expect(mp4.headers['content-type']).toBe('video/mp4');
    const out = path.join(dir, 'rendition.mp4');
    (await import('node:fs')).writeFileSync(out, mp4.rawPayload);
    expect(Math.abs((await decodedDuration(out)) - 2)).toBeLessThan(0.2);
    // +faststart: the index (moov) comes before the media data (mdat).
    const bytes = mp4.rawPayload.toString('latin1');
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const poster = await t.app.inject({ url: pathOf(rec.poster!) });
    expect((await sharp(poster.rawPayload).metadata()).format).toBe('jpeg');

    const dl = await t.app.inject({ url: rec.download_url!, headers: alice.headers });
    expect(dl.headers['content-type']).toBe('video/mp4');
    expect(dl.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Прогулка.mp4')}`);
    const orig = await t.app.inject({ url: `${rec.download_url}?format=original`, headers: alice.headers });
    expect(orig.headers['content-type']).toBe('video/webm');
    expect(orig.rawPayload.equals(readFileSync(files.webm))).toBe(true);
  });

  it('finds the duration of a webm recorded without one in its header', async () => {
    const created = bodyOf(await upload(alice, files.pipedWebm), videoRecordSchema);
    await settle();
    const rec = await get(alice, created.id);
    expect(rec.status).toBe('ready');
    expect(Math.abs(rec.duration! - 2)).toBeLessThan(0.15);
  });

  it('remuxes H.264 MP4 and QuickTime files into a playable MP4 without their metadata (location)', async () => {
    const located = path.join(dir, 'located.mp4');
    await ffmpeg(['-i', files.mp4, '-c', 'copy', '-metadata', 'location=+55.7558+037.6173/', located]);
    const tags = async (file: string) => {
      const out = path.join(dir, `${path.basename(file)}-${Math.random().toString(36).slice(2)}.txt`);
      await ffmpeg(['-i', file, '-f', 'ffmetadata', out]);
      return readFileSync(out, 'utf8');
    };
    expect(await tags(located)).toContain('location=+55.7558+037.6173/');
    const mp4 = bodyOf(await upload(alice, located), videoRecordSchema);
    const mov = bodyOf(await upload(alice, files.mov), videoRecordSchema);
    await settle();
    const a = await get(alice, mp4.id);
    expect(a).toMatchObject({ status: 'ready', mime_type: 'video/mp4' });
    expect(a.playable).toMatch(/-play\.mp4/);
    const served = await t.app.inject({ url: pathOf(a.playable!) });
    expect(served.statusCode).toBe(200);
    const servedFile = path.join(dir, 'served.mp4');
    (await import('node:fs')).writeFileSync(servedFile, served.rawPayload);
    expect(await tags(servedFile)).not.toContain('location');
    expect(await decodedDuration(servedFile)).toBeGreaterThan(1.5);
    const b = await get(alice, mov.id);
    expect(b).toMatchObject({ status: 'ready', mime_type: 'video/quicktime' });
    expect(b.playable).toMatch(/-play\.mp4/);
  });

  it('serves no copy of a QuickTime video with its location; the original download and the export keep it byte for byte', async () => {
    const located = path.join(dir, 'located.mov');
    await ffmpeg(['-i', files.mov, '-c', 'copy', '-metadata', 'location=+55.7558+037.6173/', located]);
    const original = readFileSync(located);
    const hasLocation = (bytes: Buffer) => bytes.toString('latin1').includes('+55.7558+037.6173');
    expect(hasLocation(original)).toBe(true);
    const created = bodyOf(await upload(alice, located, { title: 'На Красной площади' }), videoRecordSchema);
    // Nothing is served while nothing made without the metadata exists.
    expect(created).toMatchObject({ status: 'processing', file: null, playable: null });
    await settle();
    const rec = await get(alice, created.id);
    expect(rec).toMatchObject({ status: 'ready', mime_type: 'video/quicktime' });
    expect(rec.file).toMatch(/-play\.mp4\?exp=/);
    expect(rec.file).toBe(rec.playable);
    const listed = (await t.app.inject({ url: '/api/media/video/', headers: alice.headers }))
      .json<{ id: number }[]>()
      .find((v) => v.id === rec.id);
    for (const [what, url] of Object.entries({ ...rec, ...listed }).filter(([, v]) => typeof v === 'string' && v.startsWith('/media/'))) {
      const served = await t.app.inject({ url: pathOf(url as string) });
      expect(served.statusCode, what).toBe(200);
      expect(hasLocation(served.rawPayload), what).toBe(false);
    }
    for (const format of ['', '?format=mp4']) {
      const served = await t.app.inject({ url: `${rec.download_url}${format}`, headers: alice.headers });
      expect(served.headers['content-type'], format).toBe('video/mp4');
      expect(hasLocation(served.rawPayload), format).toBe(false);
      const link = await t.app.inject({ url: `/api/media/video/${rec.id}/download-link/${format}`, headers: alice.headers });
      expect(hasLocation((await t.app.inject({ url: pathOf(bodyOf(link, signedLinkSchema).url) })).rawPayload), format).toBe(false);
    }
    // The owner's own exact bytes: ?format=original, and the export.
    const exact = await t.app.inject({ url: `${rec.download_url}?format=original`, headers: alice.headers });
    expect(exact.rawPayload.equals(original)).toBe(true);
    const exportUrl = bodyOf(
      await t.app.inject({ method: 'POST', url: '/api/media/export/', headers: alice.headers }),
      signedLinkSchema,
    ).url;
    const zip = await unzip((await t.app.inject({ url: pathOf(exportUrl) })).rawPayload);
    expect(zip.get(`Видео/На Красной площади (${rec.id}).mov`)?.equals(original)).toBe(true);
  });

  it('refuses a video whose container cannot be opened during the upload, and keeps nothing', async () => {
    const broken = path.join(dir, 'broken.webm');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(broken, Buffer.concat([readFileSync(files.webm).subarray(0, 64), Buffer.alloc(50_000, 0x55)]));
    const before = await storedFiles(t);
    const res = await upload(alice, broken, { title: 'битое' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: ['Не удалось обработать видеозапись'] });
    await settle();
    expect(await storedFiles(t)).toEqual(before);
  });

  it('marks a video that cannot be processed as failed and keeps only its original', async () => {
    // A sound MP4 header (so the upload's check passes) over frames that are all zero bytes.
    const broken = Buffer.from(readFileSync(files.mp4));
    broken.fill(0, broken.indexOf('mdat') + 4);
    const brokenFile = path.join(dir, 'zeroed.mp4');
    (await import('node:fs')).writeFileSync(brokenFile, broken);
    const created = bodyOf(await upload(alice, brokenFile, { title: 'битое' }), videoRecordSchema);
    expect(created.status).toBe('processing');
    await settle();
    const rec = await get(alice, created.id);
    expect(rec).toMatchObject({
      status: 'failed',
      failure_reason: 'Не удалось обработать видеозапись',
      file: null,
      playable: null,
      poster: null,
    });
    const base = (await originalKey(created.id)).replace(/\.mp4$/, '');
    expect((await storedFiles(t)).filter((f) => f.startsWith(base))).toEqual([`${base}.mp4`]);
  });

  it('takes the poster from the first frame when the picture ends before the usual moment (3 s of sound, 0.12 s of picture)', async () => {
    const short = path.join(dir, 'short-picture.webm');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=0.12:size=160x120:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=3',
      '-c:v',
      'libvpx',
      '-c:a',
      'libopus',
      short,
    ]);
    const created = bodyOf(await upload(alice, short, { title: 'короткая картинка' }), videoRecordSchema);
    expect(created.status).toBe('processing');
    await settle();
    const rec = await get(alice, created.id);
    expect(rec).toMatchObject({ status: 'ready', width: 160, height: 120 });
    expect(rec.poster).toMatch(/-poster\.jpg\?exp=/);
    const poster = await t.app.inject({ url: pathOf(rec.poster!) });
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(poster.rawPayload).metadata()).width).toBe(160);
  });

  it('refuses what is not a video, keeps others out, and cleans up on delete', async () => {
    const text = path.join(dir, 'fake.webm');
    (await import('node:fs')).writeFileSync(text, 'abc'.repeat(1000));
    const res = await upload(alice, text);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: ['Файл не является поддерживаемой видеозаписью'] });

    const rec = bodyOf(await upload(alice, files.webm, { title: 'удалить' }), newOrKeptSchema);
    const base = (await originalKey(rec.id)).replace(/\.webm$/, '');
    // Deleting and removing for good while the job may still run: nothing of it may stay behind.
    const del = await t.app.inject({
      method: 'POST',
      url: `/api/media/video/${rec.id}/`,
      headers: { ...alice.headers, 'x-http-method-override': 'DELETE' },
    });
    expect(del.statusCode).toBe(204);
    const purge = await t.app.inject({ method: 'DELETE', url: `/api/media/trash/video/${rec.id}/`, headers: alice.headers });
    expect(purge.statusCode).toBe(204);
    await settle();
    expect((await storedFiles(t)).filter((f) => f.startsWith(base))).toEqual([]);

    const other = bodyOf(await upload(alice, files.mp4), newOrKeptSchema);
    await settle();
    expect((await t.app.inject({ url: `/api/media/video/${other.id}/download/`, headers: bob.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/video/${other.id}/`, headers: bob.headers })).statusCode).toBe(404);
    // An audio id is not a video id.
    expect((await t.app.inject({ url: `/api/media/audio/${other.id}/`, headers: alice.headers })).statusCode).toBe(404);
  });
});
