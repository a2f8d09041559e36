import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MEDIA_RECORD_SCHEMAS, videoRecordSchema } from '../../../../contract/media.ts';
import { containerTakenAt, exifTakenAt } from '../../../../server/media/processing/taken-at.ts';
import { parseProbe } from '../../../../server/media/processing/ffmpeg.ts';
import { bodyOf, matching } from '../../support/inject-json.ts';
import { createUser, ffmpeg, multipart, tempDir } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/** A small picture of its own colour (`seed`), so that no two uploads are the same bytes. */
const picture = (seed: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 } } });

/** A JPEG whose EXIF sub-IFD (IFD2) holds these tags. */
const jpegWith = (seed: number, exif: Record<string, string>, ifd0: Record<string, string> = {}) =>
  picture(seed)
    .jpeg()
    .withExif({ IFD0: { Make: 'Тест', ...ifd0 }, IFD2: exif })
    .toBuffer();

/**
 * When a photo or a video was taken is the wall clock the camera showed, never moved into a zone: the
 * photo taken at 14:00 in Moscow says 14:00 (with its +03:00 when the camera wrote it), not 11:00 UTC,
 * and a time the camera wrote without an offset stays without one.
 */
describe('when photos and videos were taken', () => {
  let t: TestApp;
  let alice: User;
  let dir: string;

  const upload = async (kind: 'photo' | 'video', data: Buffer, filename: string, contentType: string) => {
    const body = multipart({ title: filename }, { field: 'file', filename, contentType, data });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/media/${kind}/`,
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = bodyOf(res, MEDIA_RECORD_SCHEMAS[kind]);
    return matching(MEDIA_RECORD_SCHEMAS[kind], await processed(t, alice, kind, id));
  };
  const photo = (data: Buffer, name = 'photo.jpg') => upload('photo', data, name, 'image/jpeg');

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    dir = await tempDir();
  });
  afterAll(() => t.close());

  it('keeps DateTimeOriginal as the camera’s wall clock, with OffsetTimeOriginal when there is one', async () => {
    const withOffset = await photo(await jpegWith(1, { DateTimeOriginal: '2024:06:01 14:00:00', OffsetTimeOriginal: '+03:00' }));
    expect(withOffset.taken_at).toBe('2024-06-01T14:00:00+03:00');
    const zoneless = await photo(await jpegWith(2, { DateTimeOriginal: '2024:06:01 14:00:00' }));
    expect(zoneless.taken_at).toBe('2024-06-01T14:00:00');
    const west = await photo(await jpegWith(3, { DateTimeOriginal: '2023:12:31 23:30:00', OffsetTimeOriginal: '-05:00' }));
    expect(west.taken_at).toBe('2023-12-31T23:30:00-05:00');
  });

  it('pairs each date with its own offset tag, falls back to the digitised and the file’s date, and ignores blanks', async () => {
    // OffsetTime is the offset of DateTime (a later edit), never of DateTimeOriginal.
    const editedElsewhere = await photo(
      await jpegWith(4, { DateTimeOriginal: '2022:07:08 09:10:11', OffsetTime: '+09:00' }, { DateTime: '2025:01:01 00:00:00' }),
    );
    expect(editedElsewhere.taken_at).toBe('2022-07-08T09:10:11');
    const digitised = await photo(await jpegWith(5, { DateTimeDigitized: '2019:02:03 04:05:06', OffsetTimeDigitized: '+05:30' }));
    expect(digitised.taken_at).toBe('2019-02-03T04:05:06+05:30');
    const fileDate = await photo(await jpegWith(6, { OffsetTime: '+01:00' }, { DateTime: '2018:03:04 05:06:07' }));
    expect(fileDate.taken_at).toBe('2018-03-04T05:06:07+01:00');
    // «Not set» as cameras write it, an impossible date and a blank offset.
    expect((await photo(await jpegWith(7, { DateTimeOriginal: '0000:00:00 00:00:00' }))).taken_at).toBeNull();
    expect((await photo(await jpegWith(8, { DateTimeOriginal: '2023:02:30 10:00:00' }))).taken_at).toBeNull();
    expect((await photo(await jpegWith(9, { DateTimeOriginal: '2021:05:06 07:08:09', OffsetTimeOriginal: '   :  ' }))).taken_at).toBe(
      '2021-05-06T07:08:09',
    );
  });

  it('reads the EXIF of a WebP, whose EXIF comes after its pixels', async () => {
    const webp = await picture(10)
      .webp()
      .withExif({ IFD2: { DateTimeOriginal: '2020:10:11 12:13:14', OffsetTimeOriginal: '+07:00' } })
      .toBuffer();
    expect((await upload('photo', webp, 'photo.webp', 'image/webp')).taken_at).toBe('2020-10-11T12:13:14+07:00');
  });

  it('dates a video by QuickTime’s creationdate (wall clock and offset), else by creation_time (an instant in UTC)', async () => {
    const clip = (name: string, metadata: string[], flags: string[] = []) => {
      const file = path.join(dir, name);
      return ffmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=0.5:size=64x48:rate=10',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        ...metadata.flatMap((m) => ['-metadata', m]),
        ...flags,
        file,
      ]).then(() => readFileSync(file));
    };
    const iphone = await clip(
      'iphone.mov',
      ['creation_time=2024-06-01T11:00:00Z', 'com.apple.quicktime.creationdate=2024-06-01T14:00:00+0300'],
      ['-movflags', 'use_metadata_tags'],
    );
    const camera = await clip('camera.mp4', ['creation_time=2024-06-02T11:00:00Z']);
    const plain = await clip('plain.mp4', []);
    const a = await upload('video', iphone, 'iphone.mov', 'video/quicktime');
    const b = await upload('video', camera, 'camera.mp4', 'video/mp4');
    const c = await upload('video', plain, 'plain.mp4', 'video/mp4');
    expect([a.status, b.status, c.status]).toEqual(['ready', 'ready', 'ready']);
    expect(a.taken_at).toBe('2024-06-01T14:00:00+03:00');
    expect(b.taken_at).toBe('2024-06-02T11:00:00.000Z');
    expect(c.taken_at).toBeNull();
    // Newest first by when they were filmed, else when they were uploaded (the undated one came last).
    const list = await t.app.inject({ url: '/api/media/video/', headers: alice.headers });
    expect(bodyOf(list, z.array(videoRecordSchema)).map((r) => r.id)).toEqual([c.id, b.id, a.id]);
  });
});

describe('reading dates from what files say', () => {
  it('finds no date in an EXIF block that is not one, however it is broken', async () => {
    const real = (await sharp(await jpegWith(11, { DateTimeOriginal: '2024:06:01 14:00:00', OffsetTimeOriginal: '+03:00' })).metadata())
      .exif!;
    expect(exifTakenAt(real)).toBe('2024-06-01T14:00:00+03:00');
    for (const junk of [
      Buffer.alloc(0),
      Buffer.from('Exif\0\0'),
      Buffer.from('Exif\0\0MM\0*\xff\xff\xff\xff', 'latin1'),
      real.subarray(0, 30),
    ]) {
      expect(exifTakenAt(junk)).toBeNull();
    }
  });

  it('reads only the container’s own tags, and no zero date', () => {
    const stderr = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'file:x.mov':",
      '  Metadata:',
      '    major_brand     : qt  ',
      '    creation_time   : 1904-01-01T00:00:00.000000Z',
      '    comment         : first line',
      '                    : creation_time   : 2030-01-01T00:00:00Z',
      '  Duration: 00:00:01.00, start: 0.000000, bitrate: 25 kb/s',
      '  Stream #0:0[0x1]: Video: h264, yuv420p, 64x48, 10 fps',
      '    Metadata:',
      '      creation_time   : 2024-06-01T11:00:00.000000Z',
    ].join('\n');
    const { tags } = parseProbe(stderr);
    expect(tags.get('creation_time')).toBe('1904-01-01T00:00:00.000000Z');
    expect(containerTakenAt(tags)).toBeNull();
    expect(containerTakenAt(new Map([['creation_time', '2024-06-01 11:00:00']]))).toBe('2024-06-01T11:00:00.000Z');
    expect(containerTakenAt(new Map([['com.apple.quicktime.creationdate', '2024-06-01T14:00:00']]))).toBe('2024-06-01T14:00:00');
    expect(containerTakenAt(new Map([['com.apple.quicktime.creationdate', 'вчера']]))).toBeNull();
  });
});
