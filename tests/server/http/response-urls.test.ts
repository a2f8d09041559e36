import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema, userSchema } from '../../../contract/account.ts';
import { photoRecordSchema } from '../../../contract/media.ts';
import { bodyOf, matching } from '../support/inject-json.ts';
import { signedInUser } from '../support/auth.ts';
import { multipart } from '../support/media-fixtures.ts';
import { processed } from '../support/processing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Every string in a JSON value, with where it was found. */
function strings(value: unknown, at = '$'): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}.${k}`));
  return [];
}

/**
 * The Host header (and X-Forwarded-Host) is the client's to write: a forged one must never come back
 * in a URL the app hands out. Media and photo URLs are root-relative paths on the page's own origin.
 */
describe('URLs in responses do not follow the request Host', () => {
  let t: TestApp;
  let u: Awaited<ReturnType<typeof signedInUser>>;
  let forged: Record<string, string>;
  const MEDIA_PATH = /^\/media\/u\/\d+\/[\w/.-]+\?exp=\d+&sig=[\w-]+$/;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    u = await signedInUser(t);
    forged = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      authorization: `Bearer ${u.access}`,
    };
  });
  afterAll(() => t.close());

  /** Nothing of the forged host anywhere in the answer; URL fields are root-relative signed paths. */
  function expectNoForgedHost(body: unknown, urlFields: string[]) {
    const all = strings(body);
    expect(all.filter(([, v]) => v.includes('evil.example'))).toEqual([]);
    for (const [at, v] of all) {
      if (urlFields.some((f) => at.endsWith(`.${f}`))) expect(v, at).toMatch(MEDIA_PATH);
    }
  }

  it('answers photo_url as a signed /media path, whatever the Host says', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const form = multipart({}, { field: 'photo', filename: 'me.png', contentType: 'image/png', data: png });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/auth/profile/photo/',
      headers: { ...forged, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(bodyOf(upload, userSchema).photo_url).toMatch(MEDIA_PATH);
    expectNoForgedHost(upload.json(), ['photo_url']);

    const profile = await t.app.inject({ url: '/api/auth/profile/', headers: forged });
    expect(bodyOf(profile, userSchema).photo_url).toMatch(MEDIA_PATH);
    expectNoForgedHost(profile.json(), ['photo_url']);

    const { authorization: _a, ...unsigned } = forged;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: unsigned,
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(bodyOf(login, loginAnswerSchema).user.photo_url).toMatch(MEDIA_PATH);
    expectNoForgedHost(login.json(), ['photo_url']);

    // The path serves the avatar on the app's own origin.
    const served = await t.app.inject({ url: bodyOf(profile, userSchema).photo_url! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('answers every media URL as a signed /media path, whatever the Host says', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Make: 'KopilkaCam' } } })
      .toBuffer();
    const form = multipart({ title: 'снимок' }, { field: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/media/photo/',
      headers: { ...forged, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = bodyOf(created, photoRecordSchema).id;
    const fields: ('file' | 'thumbnail' | 'preview')[] = ['file', 'thumbnail', 'preview'];
    const ready = matching(photoRecordSchema, await processed(t, { headers: forged }, 'photo', id));
    for (const f of fields) expect(ready[f], f).toMatch(MEDIA_PATH);
    expectNoForgedHost(created.json(), fields);

    const answers = [
      await t.app.inject({ url: '/api/media/photo/', headers: forged }),
      await t.app.inject({ url: `/api/media/photo/${id}/`, headers: forged }),
      await t.app.inject({ method: 'PATCH', url: `/api/media/photo/${id}/`, headers: forged, payload: { title: 'другое' } }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expectNoForgedHost(res.json(), fields);
    }
    const served = await t.app.inject({ url: ready.thumbnail! });
    expect(served.statusCode).toBe(200);
  });
});
