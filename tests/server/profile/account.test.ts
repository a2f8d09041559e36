import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChangedSchema, userSchema } from '../../../contract/account.ts';
import { detailErrorSchema, fieldErrorsSchema } from '../../../contract/errors.ts';
import { bodyOf, errorOf } from '../support/inject-json.ts';
import { settle } from '../support/processing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { readStored, storedFiles } from '../support/test-storage.ts';
import { codeIn, post, signedInUser } from '../support/auth.ts';
import { multipart } from '../support/media-fixtures.ts';
import { sendMultipart, type MultipartBody } from '../support/uploads.ts';

/** What a password change answers: its detail and the new token pair (the other sessions end). */

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_AVATAR_BYTES: String(512 * 1024) } });
  });
  afterAll(() => t.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const patchProfile = (u: { access: string }, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/auth/profile/', headers: auth(u.access), payload });
  const uploadAvatar = (u: { access: string }, form: MultipartBody) =>
    sendMultipart(t, { headers: auth(u.access) }, '/api/auth/profile/photo/', form);

  it('GET returns the user with Cache-Control: no-store; without a token 401', async () => {
    const u = await signedInUser(t, { phone: '+79001230001' });
    const res = await t.app.inject({ url: '/api/auth/profile/', headers: auth(u.access) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        'date_joined',
        'email',
        'first_name',
        'id',
        'is_active',
        'is_email_verified',
        'is_phone_verified',
        'is_staff',
        'last_name',
        'phone',
        'photo_url',
        'username',
      ].sort(),
    );
    expect(res.json()).toMatchObject({ id: u.id, email: u.email, phone: '+79001230001', photo_url: null, is_active: true });
    const guest = await t.app.inject({ url: '/api/auth/profile' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toHaveProperty('detail');
  });

  it('PATCH changes names; a new phone is unverified and gets an SMS code', async () => {
    const u = await signedInUser(t);
    const res = await patchProfile(u, { first_name: 'Мария', last_name: 'Смирнова', phone: '8-900-123-00-02', password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Мария', last_name: 'Смирнова', phone: '+79001230002', is_phone_verified: false });
    const code = codeIn(t.sms.last('+79001230002')?.text);
    expect((await post(t, '/api/auth/verify-phone/', { code }, { token: u.access })).statusCode).toBe(200);
    const again = await patchProfile(u, { first_name: 'Маша' });
    expect(again.json()).toMatchObject({ first_name: 'Маша', phone: '+79001230002', is_phone_verified: true });
  });

  it('PATCH refuses a phone that belongs to someone else, a bad phone and a blank name', async () => {
    await signedInUser(t, { phone: '+79001230003' });
    const u = await signedInUser(t);
    const taken = await patchProfile(u, { phone: '+79001230003', password: u.password });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ phone: ['user with this phone already exists.'], code: 'unique' });
    const bad = await patchProfile(u, { phone: 'abc' });
    expect(bad.json()).toEqual({ phone: ['Введите корректный номер телефона'] });
    const blank = await patchProfile(u, { first_name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toHaveProperty('first_name');
  });

  it('change-password: wrong old password 400; success ends old sessions and returns a fresh pair', async () => {
    const u = await signedInUser(t);
    const put = (payload: object, token = u.access) =>
      t.app.inject({ method: 'PUT', url: '/api/auth/change-password/', headers: auth(token), payload });
    const wrong = await put({ old_password: 'not-my-password', new_password: 'next-pass-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ old_password: ['Неверный текущий пароль'] });
    expect((await put({ old_password: u.password, new_password: 'short' })).json()).toEqual({
      new_password: ['Пароль должен содержать минимум 8 символов'],
    });
    expect((await put({ old_password: u.password, new_password: 'next-pass-123', new_password2: 'other-pass-123' })).json()).toEqual({
      new_password2: ['Пароли не совпадают'],
    });

    t.clock.advance(2_000);
    const ok = await put({ old_password: u.password, new_password: 'next-pass-123' });
    expect(ok.statusCode).toBe(200);
    const json = bodyOf(ok, passwordChangedSchema);
    expect(json.detail).toBe('Пароль успешно изменен');
    expect((await post(t, '/api/auth/token/refresh/', { refresh: u.refresh })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/profile/', headers: auth(u.access) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/profile/', headers: auth(json.access) })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/token/refresh/', { refresh: json.refresh })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: 'next-pass-123' })).statusCode).toBe(200);
  });

  describe('avatar', () => {
    it('stores an upright, metadata-free WebP of at most 512 px and answers the user with a signed root-relative photo_url', async () => {
      const u = await signedInUser(t);
      // 300×200 pixels, EXIF orientation 6 (shown rotated 90°) and a camera tag.
      const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'KopilkaCam' } } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).orientation).toBe(6);
      const form = multipart({ _t: '12345' }, { field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: jpeg });
      const res = await uploadAvatar(u, form);
      expect(res.statusCode, res.body).toBe(200);
      const photoUrl = bodyOf(res, userSchema).photo_url!;
      expect(photoUrl).toMatch(/^\/media\/u\/\d+\/avatar\/[0-9a-f]+\.webp\?exp=\d+&sig=[\w-]+$/);
      // The web app appends `t=<time>` to load a new photo at once: the URL still serves it (it was a 403 while `t`
      // marked a trash preview's URL).
      expect((await t.app.inject({ url: `${photoUrl}&t=1795908891690` })).statusCode).toBe(200);
      const row = await t.db.selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
      expect(row.photo_key).toMatch(new RegExp(`^u/${u.id}/avatar/[0-9a-f]+\\.webp$`));
      const meta = await sharp(await readStored(t.storage, row.photo_key!)).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([200, 300]);

      // A big one is cut down to 512×512, and the previous file is removed.
      const big = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#3c3' } })
        .jpeg()
        .toBuffer();
      const form2 = multipart({}, { field: 'photo', filename: 'big.jpg', contentType: 'image/jpeg', data: big });
      const res2 = await uploadAvatar(u, form2);
      expect(res2.statusCode).toBe(200);
      const row2 = await t.db.selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
      const meta2 = await sharp(await readStored(t.storage, row2.photo_key!)).metadata();
      expect(meta2.width).toBeLessThanOrEqual(512);
      expect(meta2.height).toBeLessThanOrEqual(512);
      await settle(t); // the previous file goes by a job
      expect(await t.storage.stat(row.photo_key!)).toBeNull();

      const del = await t.app.inject({ method: 'DELETE', url: '/api/auth/profile/photo/', headers: auth(u.access) });
      expect(del.statusCode).toBe(200);
      expect(bodyOf(del, userSchema).photo_url).toBeNull();
      await settle(t);
      expect(await t.storage.stat(row2.photo_key!)).toBeNull();
      // Nothing else of the uploads is left, and no job either.
      expect((await storedFiles(t)).filter((k) => k.startsWith(`u/${u.id}/`) || k.startsWith('work/'))).toEqual([]);
      expect(await t.db.selectFrom('jobs').select('kind').where('kind', '=', 'purge-files').execute()).toEqual([]);
    });

    it('refuses a text file as a photo and leaves no file', async () => {
      const u = await signedInUser(t);
      const form = multipart(
        {},
        { field: 'photo', filename: 'photo.jpg', contentType: 'image/jpeg', data: Buffer.from('hello, I am not a picture') },
      );
      const res = await uploadAvatar(u, form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ photo: ['Загрузите корректное изображение'] });
      expect((await storedFiles(t)).filter((k) => k.startsWith(`u/${u.id}/`) || k.startsWith('work/'))).toEqual([]);
    });

    it('refuses a file over the avatar limit with 413 and leaves no file', async () => {
      const u = await signedInUser(t);
      const form = multipart({}, { field: 'photo', filename: 'huge.jpg', contentType: 'image/jpeg', data: Buffer.alloc(600 * 1024, 1) });
      const res = await uploadAvatar(u, form);
      expect(res.statusCode).toBe(413);
      expect(errorOf(res, fieldErrorsSchema).photo![0]).toMatch(/^Файл слишком большой/);
      expect((await storedFiles(t)).filter((k) => k.startsWith(`u/${u.id}/`) || k.startsWith('work/'))).toEqual([]);
    });

    it('asks for the file when the photo field is missing', async () => {
      const u = await signedInUser(t);
      const form = multipart({ _t: '1' });
      const res = await uploadAvatar(u, form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('photo');
    });
  });

  describe('account deletion', () => {
    const deletion = (
      token: string,
      payload: object,
      headers: Record<string, string> = { 'x-hard-delete': 'true', 'x-delete-action': 'delete-account' },
    ) => t.app.inject({ method: 'PATCH', url: '/api/auth/profile/', headers: { authorization: `Bearer ${token}`, ...headers }, payload });

    it('needs the headers and the right password', async () => {
      const u = await signedInUser(t);
      const noHeaders = await deletion(u.access, { is_active: false, confirm_deletion: true, password: u.password }, {});
      expect(noHeaders.statusCode).toBe(400);
      expect(errorOf(noHeaders, detailErrorSchema).detail).toMatch(/X-Hard-Delete/);
      const wrong = await deletion(u.access, { is_active: false, confirm_deletion: true, password: 'wrong-password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ password: ['Неверный пароль'] });
      const missing = await deletion(u.access, { is_active: false, confirm_deletion: true });
      expect(missing.json()).toEqual({ password: ['Неверный пароль'] });
      expect((await t.app.inject({ url: '/api/auth/profile/', headers: auth(u.access) })).statusCode).toBe(200);
    });

    it('removes the user, codes, tokens, media rows and every file under u/{id}/', async () => {
      const u = await signedInUser(t, { phone: '+79001230077' });
      const keep = await signedInUser(t);
      await post(t, '/api/auth/reset-password/', { email: u.email });
      const now = new Date().toISOString();
      await t.db
        .insertInto('media')
        .values({
          user_id: u.id,
          kind: 'audio',
          title: 'Запись',
          description: '',
          status: 'ready',
          original_key: `u/${u.id}/audio/a.webm`,
          mime_type: 'audio/webm',
          size: 3,
          original_name: 'a.webm',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await t.storage.put(`u/${u.id}/audio/a.webm`, Readable.from([Buffer.from('abc')]));
      await t.storage.put(`u/${keep.id}/audio/b.webm`, Readable.from([Buffer.from('xyz')]));

      const res = await deletion(u.access, { is_active: false, confirm_deletion: true, password: u.password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Аккаунт удален' });

      for (const table of ['codes', 'refresh_tokens', 'reset_tokens', 'media'] as const) {
        const rows = await t.db.selectFrom(table).select('user_id').where('user_id', '=', u.id).execute();
        expect(rows, table).toHaveLength(0);
      }
      expect(await t.db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst()).toBeUndefined();
      await settle(t); // the files go by a job, which retries until they are gone
      expect(await t.storage.stat(`u/${u.id}/audio/a.webm`)).toBeNull();
      expect(await t.storage.stat(`u/${keep.id}/audio/b.webm`)).toEqual({ size: 3 });
      expect((await t.app.inject({ url: '/api/auth/profile/', headers: auth(u.access) })).statusCode).toBe(401);
      expect((await post(t, '/api/auth/login/', { email: u.email, password: u.password })).statusCode).toBe(401);
      // The e-mail can be used again.
      expect(
        (
          await post(t, '/api/auth/register/', {
            first_name: 'Н',
            last_name: 'Н',
            email: u.email,
            password: 'again-pass-1',
            password2: 'again-pass-1',
          })
        ).statusCode,
      ).toBe(201);
    });
  });
});
