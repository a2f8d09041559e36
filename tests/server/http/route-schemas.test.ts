import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loginAnswerSchema, sessionSchema, twoFactorStatusSchema, userSchema } from '../../../contract/account.ts';
import { detailErrorSchema, errorBodySchema } from '../../../contract/errors.ts';
import { audioRecordSchema, photoRecordSchema, videoRecordSchema } from '../../../contract/media.ts';
import { bodyOf, errorOf } from '../support/inject-json.ts';
import { PASSWORD, post, register, signedInUser } from '../support/auth.ts';
import { audioFixtures, createUser, ffmpeg, tempDir } from '../support/media-fixtures.ts';
import { processed, settle } from '../support/processing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { acceptedUpload, postMedia } from '../support/uploads.ts';
import { rememberingSerializer } from '../../../server/http/schema-compilers.ts';

type User = Awaited<ReturnType<typeof createUser>>;

const remembered = z.strictObject({ id: z.number() });
const rememberedNamed = z.strictObject({ id: z.number(), name: z.string(), tags: z.array(z.string()).optional() });

/** Every key of an answer is one the contract's schema names, and every key it names is there (but an optional one). */
function expectExactly(schema: z.ZodObject, value: unknown) {
  expect(schema.safeParse(value).error).toBeUndefined();
  const named = Object.entries(schema.shape).filter(
    ([key, field]) => key in (value as object) || !(field as z.ZodType).safeParse(undefined).success,
  );
  expect(Object.keys(value as object).sort()).toEqual(named.map(([key]) => key).sort());
}

describe('route schemas: refusals in one DRF shape, answers as the contract says', () => {
  let t: TestApp;
  let alice: User;
  let dir: string;
  let audioId: number;

  beforeAll(async () => {
    t = await createTestApp({
      routes: (app) => {
        // A route whose handler answers more than its schema says (a field added without the contract).
        app.get('/api/test/too-much', { schema: { response: { 200: z.strictObject({ id: z.number() }) } } }, async () => ({
          id: 1,
          secret: 'x',
        }));
        // The profile's serializer: an answer written before is not encoded again.
        app.get<{ Querystring: { id?: string; secret?: string } }>(
          '/api/test/remembered',
          { schema: { response: { 200: remembered } }, serializerCompiler: rememberingSerializer() },
          async (request) => ({ id: Number(request.query.id), ...(request.query.secret ? { secret: request.query.secret } : {}) }),
        );
        app.get<{ Querystring: { name: string; tags?: string } }>(
          '/api/test/remembered-named',
          { schema: { response: { 200: rememberedNamed } }, serializerCompiler: rememberingSerializer() },
          async (request) => ({ id: 1, name: request.query.name, ...(request.query.tags ? { tags: request.query.tags.split(',') } : {}) }),
        );
      },
    });
    alice = await createUser(t, 'alice');
    dir = await tempDir();
    const fx = await audioFixtures(dir, 1);
    audioId = await acceptedUpload(t, alice, 'audio', { title: 'Запись' }, { filename: 'a.mp3', data: readFileSync(fx.mp3) });
    await processed(t, alice, 'audio', audioId);
  });
  afterAll(() => t.close());

  it('answers a body that breaks a route schema with {field: [Russian text]}, on every feature alike', async () => {
    const cases: { method: 'POST' | 'PATCH' | 'PUT'; url: string; auth?: boolean; payload: unknown; body: Record<string, string[]> }[] = [
      {
        method: 'POST',
        url: '/api/auth/login/',
        payload: {},
        body: { email: ['Обязательное поле.'], password: ['Обязательное поле.'] },
      },
      {
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'не адрес', password: '' },
        body: { email: ['Введите корректный email'], password: ['Это поле не может быть пустым.'] },
      },
      {
        method: 'POST',
        url: '/api/auth/login/phone/',
        payload: { phone: '12-34' },
        body: { phone: ['Введите корректный номер телефона'] },
      },
      {
        method: 'POST',
        url: '/api/auth/reset-password/confirm/',
        payload: { phone: '+79991234567' },
        body: { code: ['Обязательное поле.'], new_password: ['Обязательное поле.'] },
      },
      {
        method: 'POST',
        url: '/api/auth/reset-password/confirm/',
        payload: { token: '', new_password: 'short' },
        body: { token: ['Это поле не может быть пустым.'], new_password: ['Пароль должен содержать минимум 8 символов'] },
      },
      {
        method: 'POST',
        url: '/api/auth/token/refresh/',
        payload: [1],
        body: { non_field_errors: ['Некорректные данные. Ожидался объект.'] },
      },
      {
        method: 'PUT',
        url: '/api/auth/change-password/',
        auth: true,
        payload: { old_password: 'x', new_password: 'short' },
        body: { new_password: ['Пароль должен содержать минимум 8 символов'] },
      },
      {
        method: 'PATCH',
        url: '/api/auth/profile/',
        auth: true,
        payload: { phone: 'abc' },
        body: { phone: ['Введите корректный номер телефона'] },
      },
      {
        method: 'PATCH',
        url: '/api/auth/profile/',
        auth: true,
        payload: { is_active: false, confirm_deletion: 'да' },
        body: { confirm_deletion: ['Подтвердите удаление аккаунта.'] },
      },
      {
        method: 'PATCH',
        url: `/api/media/audio/${audioId}/`,
        auth: true,
        payload: { title: 'я'.repeat(256), description: null },
        body: { title: ['Убедитесь, что это значение содержит не более 255 символов.'], description: ['Это поле не может быть null.'] },
      },
      {
        method: 'POST',
        url: `/api/media/audio/${audioId}/`,
        auth: true,
        payload: { _method: 'PATCH', title: { a: 1 } },
        body: { title: ['Некорректное значение: ожидается строка.'] },
      },
      {
        method: 'POST',
        url: '/api/auth/change-email/',
        auth: true,
        payload: { new_email: 'не адрес' },
        body: { new_email: ['Введите корректный email'], password: ['Обязательное поле.'] },
      },
      {
        method: 'POST',
        url: '/api/auth/2fa/enable/',
        auth: true,
        payload: { code: '12' },
        body: { password: ['Обязательное поле.'], code: ['Код должен состоять из 6 цифр'] },
      },
      {
        method: 'POST',
        url: '/api/auth/login/2fa/',
        payload: {},
        body: { mfa_token: ['Обязательное поле.'], code: ['Обязательное поле.'] },
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: c.url, headers: c.auth ? alice.headers : {}, payload: c.payload as object });
      expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(400);
      expect(res.json(), `${c.method} ${c.url}`).toEqual(c.body);
      expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
    }
    const record = await t.app.inject({ url: `/api/media/audio/${audioId}/`, headers: alice.headers });
    expect(bodyOf(record, audioRecordSchema).title).toBe('Запись');
  });

  it('checks a query the same way, and answers a path that names nothing with 404', async () => {
    const download = await t.app.inject({ url: `/api/media/audio/${audioId}/download/?format=flac`, headers: alice.headers });
    expect(download.statusCode).toBe(400);
    expect(download.json()).toEqual({ format: ['Неизвестный формат.'] });
    const photoFormat = await t.app.inject({ url: `/api/media/photo/${audioId}/download/?format=mp3`, headers: alice.headers });
    expect(photoFormat.json()).toEqual({ format: ['Неизвестный формат.'] });
    for (const id of ['abc', '0', '1.5', '99999999999']) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/media/audio/${id}/`, headers: alice.headers, payload: { title: 'x' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Не найдено.' });
    }
    const session = await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${'x'.repeat(65)}/`, headers: alice.headers });
    expect(session.statusCode).toBe(404);
    expect(session.json()).toEqual({ detail: 'Не найдено.' });
  });

  it('refuses a stranger before it looks at the input: 401, not the validation errors', async () => {
    for (const req of [
      { method: 'PATCH' as const, url: `/api/media/audio/${audioId}/`, payload: { title: 'я'.repeat(300) } },
      { method: 'PATCH' as const, url: '/api/auth/profile/', payload: { phone: 'abc' } },
      { method: 'PUT' as const, url: '/api/auth/change-password/', payload: {} },
      { method: 'GET' as const, url: '/api/media/audio/abc/' },
      { method: 'POST' as const, url: '/api/auth/change-email/', payload: {} },
      { method: 'POST' as const, url: '/api/auth/2fa/disable/', payload: {} },
      { method: 'DELETE' as const, url: `/api/auth/sessions/${'x'.repeat(65)}/` },
    ]) {
      const res = await t.app.inject(req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(401);
      expect(errorOf(res, detailErrorSchema).detail).toBe('Учетные данные не были предоставлены.');
    }
  });

  it('sends each record with exactly the fields of its contract schema, waveform included', async () => {
    const one = await t.app.inject({ url: `/api/media/audio/${audioId}/`, headers: alice.headers });
    expectExactly(audioRecordSchema, one.json());
    expect(bodyOf(one, audioRecordSchema).waveform_data.length).toBeGreaterThan(0);
    const list = await t.app.inject({ url: '/api/media/audio/', headers: alice.headers });
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const rec of list.json()) expectExactly(audioRecordSchema, rec);

    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .jpeg()
      .toBuffer();
    const photo = await postMedia(t, alice, 'photo', { title: 'Фото' }, { filename: 'p.jpg', contentType: 'image/jpeg', data: jpeg });
    expect(photo.statusCode, photo.body).toBe(201);
    expectExactly(photoRecordSchema, photo.json());

    const clip = path.join(dir, 'clip.webm');
    await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'libvpx', '-b:v', '100k', clip]);
    const video = await postMedia(t, alice, 'video', {}, { filename: 'clip.webm', contentType: 'video/webm', data: readFileSync(clip) });
    expect(video.statusCode, video.body).toBe(201);
    expectExactly(videoRecordSchema, video.json());
    await settle(t);
    const ready = await t.app.inject({ url: `/api/media/video/${bodyOf(video, videoRecordSchema).id}/`, headers: alice.headers });
    expectExactly(videoRecordSchema, ready.json());
    expect(bodyOf(ready, videoRecordSchema).status).toBe('ready');
  });

  it('sends the user and the tokens exactly as the contract says', async () => {
    expectExactly(userSchema.extend({ detail: z.string() }), (await register(t)).user);
    const u = await signedInUser(t);
    const profile = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${u.access}` } });
    expectExactly(userSchema, profile.json());
    const login = await post(t, '/api/auth/login/', { email: u.email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    expectExactly(loginAnswerSchema, login.json());
    expectExactly(userSchema, bodyOf(login, loginAnswerSchema).user);
    const sessions = await t.app.inject({ url: '/api/auth/sessions/', headers: { authorization: `Bearer ${u.access}` } });
    expect(bodyOf(sessions, z.array(sessionSchema)).length).toBeGreaterThan(0);
    for (const one of sessions.json()) expectExactly(sessionSchema, one);
    const twoFactor = await t.app.inject({ url: '/api/auth/2fa/', headers: { authorization: `Bearer ${u.access}` } });
    expectExactly(twoFactorStatusSchema, twoFactor.json());
  });

  it('answers 500 rather than send a field its schema does not name', async () => {
    const res = await t.app.inject({ url: '/api/test/too-much' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Внутренняя ошибка сервера. Попробуйте позже.' });
  });

  it('encodes an answer once when it repeats (the profile), and still never sends a field its schema does not name', async () => {
    const encodes = vi.spyOn(remembered, 'safeEncode');
    const get = (query: string) => t.app.inject({ url: `/api/test/remembered?${query}` });
    expect((await get('id=7')).body).toBe('{"id":7}');
    expect((await get('id=7')).body).toBe('{"id":7}');
    expect(encodes).toHaveBeenCalledTimes(1);
    expect((await get('id=8')).body).toBe('{"id":8}');
    expect(encodes).toHaveBeenCalledTimes(2);
    const tooMuch = await get('id=7&secret=x');
    expect(tooMuch.statusCode).toBe(500);
    expect(tooMuch.body).not.toContain('secret');
    expect((await get('id=7&secret=x')).statusCode).toBe(500);
    encodes.mockRestore();
  });

  it('tells a changed field of the same answer, flat or nested, at once', async () => {
    const encodes = vi.spyOn(rememberedNamed, 'safeEncode');
    const get = async (query: string) => (await t.app.inject({ url: `/api/test/remembered-named?${query}` })).body;
    expect(await get('name=a')).toBe('{"id":1,"name":"a"}');
    expect(await get('name=a')).toBe('{"id":1,"name":"a"}');
    expect(encodes).toHaveBeenCalledTimes(1);
    expect(await get('name=b')).toBe('{"id":1,"name":"b"}');
    expect(await get('name=a')).toBe('{"id":1,"name":"a"}');
    expect(encodes).toHaveBeenCalledTimes(2);
    expect(await get('name=a&tags=x')).toBe('{"id":1,"name":"a","tags":["x"]}');
    expect(await get('name=a&tags=y')).toBe('{"id":1,"name":"a","tags":["y"]}');
    expect(await get('name=a')).toBe('{"id":1,"name":"a"}');
    expect(encodes).toHaveBeenCalledTimes(4);
    encodes.mockRestore();
  });
});
