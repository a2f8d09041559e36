import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, multipart } from '../../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { storedFiles } from '../../support/test-storage.ts';

type User = Awaited<ReturnType<typeof createUser>>;

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([len, Buffer.from(type, 'latin1'), data, crc]);
};

/** A valid all-black greyscale PNG of width×height: the pixels are zeros, so it compresses to a few hundred KB. */
function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter choice, no interlace
  const rows = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

describe('image size bounds', () => {
  let t: TestApp;
  let alice: User;
  const mediaFiles = () => storedFiles(t);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
  });
  afterAll(() => t.close());

  it('refuses a photo over 100 megapixels with a field error, and keeps nothing', async () => {
    const png = blackPng(10_001, 10_001);
    expect(await sharp(png, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 10_001, height: 10_001 });
    const before = await mediaFiles();
    const body = multipart({ title: 'огромная' }, { field: 'file', filename: 'huge.png', data: png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/photo/',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ file: ['Изображение слишком большое (максимум 100 мегапикселей)'] });
    expect(await mediaFiles()).toEqual(before);
    expect((await t.app.inject({ url: '/api/media/photo/', headers: alice.headers })).json()).toEqual([]);
  });

  it('refuses a profile photo over 50 megapixels with a field error, and keeps nothing', async () => {
    const png = blackPng(7072, 7072);
    const before = await mediaFiles();
    const body = multipart({}, { field: 'photo', filename: 'me.png', data: png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile/photo/',
      headers: { ...alice.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ photo: ['Изображение слишком большое (максимум 50 мегапикселей)'] });
    expect(await mediaFiles()).toEqual(before);
    const row = await t.db.selectFrom('users').select('photo_key').where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(row.photo_key).toBeNull();
  });
});
