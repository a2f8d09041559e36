import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailAnswerSchema, userSchema } from '../../../contract/account.ts';
import { bodyOf } from '../support/inject-json.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { codeIn, newUserBody, post, register } from '../support/auth.ts';
import { errorBodySchema, takenFieldsOf } from '../../../contract/errors.ts';

/** What registering answers: the new user and the detail that says a code was sent. */
const registeredSchema = userSchema.extend(detailAnswerSchema.shape);

describe('POST /api/auth/register/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the user, answers 201 with the user and the detail, and e-mails a 6-digit code', async () => {
    const body = newUserBody({ email: 'Maria.Petrova@Example.com', phone: '8 (912) 345-67-89' });
    const res = await post(t, '/api/auth/register/', body);
    expect(res.statusCode).toBe(201);
    const json = bodyOf(res, registeredSchema);
    expect(json).toMatchObject({
      email: 'maria.petrova@example.com',
      first_name: 'Анна',
      last_name: 'Иванова',
      phone: '+79123456789',
      photo_url: null,
      is_active: true,
      is_email_verified: false,
      is_phone_verified: false,
      detail: 'Код подтверждения отправлен на ваш email',
    });
    expect(typeof json.id).toBe('number');
    expect(json.username).toMatch(/^maria\.petrova_\d{1,4}$/);
    expect(new Date(json.date_joined).toString()).not.toBe('Invalid Date');
    expect(json).not.toHaveProperty('password_hash');
    const mail = t.mailer.last('maria.petrova@example.com');
    expect(mail?.subject).toContain('Копилка');
    expect(codeIn(mail?.text)).toMatch(/^\d{6}$/);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', json.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('keeps a given username and ignores unknown fields', async () => {
    const res = await post(t, '/api/auth/register/', newUserBody({ username: 'anna_k', is_staff: true, id: 999 }));
    expect(res.statusCode).toBe(201);
    expect(bodyOf(res, registeredSchema).username).toBe('anna_k');
    expect(bodyOf(res, registeredSchema).id).not.toBe(999);
  });

  it('names every missing required field', async () => {
    const res = await post(t, '/api/auth/register/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      first_name: ['Обязательное поле.'],
      last_name: ['Обязательное поле.'],
      email: ['Обязательное поле.'],
      password: ['Обязательное поле.'],
      password2: ['Обязательное поле.'],
    });
  });

  it('checks the e-mail shape, the password length and the confirmation', async () => {
    expect((await post(t, '/api/auth/register/', newUserBody({ email: 'not-an-email' }))).json()).toEqual({
      email: ['Введите корректный email'],
    });
    expect((await post(t, '/api/auth/register/', newUserBody({ password: 'short', password2: 'short' }))).json()).toEqual({
      password: ['Пароль должен содержать минимум 8 символов'],
    });
    const mismatch = await post(t, '/api/auth/register/', newUserBody({ password2: 'something-else' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ password2: ['Пароли не совпадают'] });
  });

  it('rejects a bad phone with the Russian message', async () => {
    const res = await post(t, '/api/auth/register/', newUserBody({ phone: '12-34' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ phone: ['Введите корректный номер телефона'] });
  });

  it('answers wrong types with a field error, not a 500', async () => {
    const res = await post(t, '/api/auth/register/', newUserBody({ first_name: 42, email: ['a@b.c'], phone: { n: 1 } }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['email', 'first_name', 'phone']);
  });

  it('reports taken e-mail, username and phone with "already exists" and the unique code', async () => {
    const first = await register(t, { username: 'taken_name', phone: '+7 999 000-00-01' });
    const res = await post(
      t,
      '/api/auth/register/',
      newUserBody({ email: first.email.toUpperCase(), username: 'taken_name', phone: '89990000001' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['user with this email already exists.'],
      username: ['user with this username already exists.'],
      phone: ['user with this phone already exists.'],
      code: 'unique',
    });
    expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
    expect(takenFieldsOf(res.json())).toEqual(['email', 'username', 'phone']);
  });

  it('still creates the account when the mail server fails (the user can ask for a new code)', async () => {
    const original = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await post(t, '/api/auth/register/', newUserBody());
      expect(res.statusCode).toBe(201);
    } finally {
      t.mailer.send = original;
    }
  });
});
