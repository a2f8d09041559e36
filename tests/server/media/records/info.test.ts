import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaInfoSchema, photoRecordSchema } from '../../../../contract/media.ts';
import { bodyOf } from '../../support/inject-json.ts';
import { createUser, multipart } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/** The viewer's «Сведения» beyond the record: the file's name and a photo's camera facts, read from the original. */
describe('GET /api/media/{kind}/{id}/info/', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let shade = 0;
  const jpeg = (exif?: Parameters<ReturnType<typeof sharp>['withExif']>[0]) => {
    shade += 1;
    const image = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 120, b: 200 } } }).jpeg();
    return (exif ? image.withExif(exif) : image).toBuffer();
  };
  const upload = async (user: User, data: Buffer, filename: string) => {
    const body = multipart({ title: 'Снимок' }, { field: 'file', filename, contentType: 'image/jpeg', data });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/photo/',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (await processed(t, user, 'photo', bodyOf(res, photoRecordSchema).id)).id;
  };
  const info = (user: User, id: number, kind = 'photo') => t.app.inject({ url: `/api/media/${kind}/${id}/info/`, headers: user.headers });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
  });
  afterAll(() => t.close());

  it('names the file as uploaded and the camera, lens and exposure its EXIF gives; never where it was taken', async () => {
    const id = await upload(
      alice,
      await jpeg({
        IFD0: { Make: 'Apple', Model: 'iPhone 13' },
        IFD2: { ExposureTime: '1/125', FNumber: '16/10', ISOSpeedRatings: '100', FocalLength: '51/10', LensModel: 'iPhone 13 back camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1' },
      }),
      'IMG_2038.JPG',
    );
    const res = await info(alice, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(bodyOf(res, mediaInfoSchema.strict())).toEqual({
      file_name: 'IMG_2038.JPG',
      camera: 'Apple iPhone 13',
      lens: 'iPhone 13 back camera',
      exposure_time: 0.008,
      f_number: 1.6,
      iso: 100,
      focal_length: 5.1,
    });
    expect(res.body).not.toMatch(/GPS|55/);
  });

  it('says the make once where the model repeats it, and nothing where the file says nothing', async () => {
    const canon = await upload(alice, await jpeg({ IFD0: { Make: 'Canon', Model: 'Canon EOS R6' } }), 'r6.jpg');
    expect((await info(alice, canon)).json()).toMatchObject({ camera: 'Canon EOS R6', lens: null, exposure_time: null });
    const bare = await upload(alice, await jpeg(), 'bare.jpg');
    expect((await info(alice, bare)).json()).toEqual({
      file_name: 'bare.jpg',
      camera: null,
      lens: null,
      exposure_time: null,
      f_number: null,
      iso: null,
      focal_length: null,
    });
  });

  it('is the owner’s alone, outside the trash; a kind that is not the record’s finds nothing', async () => {
    const id = await upload(alice, await jpeg({ IFD0: { Make: 'Apple', Model: 'iPhone 13' } }), 'mine.jpg');
    expect((await info(bob, id)).statusCode).toBe(404);
    expect((await info(alice, id, 'video')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/media/photo/${id}/info/` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/photo/${id}/`, headers: alice.headers })).statusCode).toBe(204);
    expect((await info(alice, id)).statusCode).toBe(404);
    expect((await info(alice, 2_147_483_647)).statusCode).toBe(404);
  });
});
