import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema } from '../../../contract/account.ts';
import { bodyOf } from '../support/inject-json.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { codeIn, confirmOwnPhone, post, register, signedInUser } from '../support/auth.ts';

const linkIn = (text: string | undefined) => {
  const m = /(https?:\/\/\S+\/reset-password\?token=([\w-]+))/.exec(text ?? '');
  expect(m, 'a reset link in the e-mail').toBeTruthy();
  return { link: m![1]!, token: m![2]! };
};

describe('password reset by e-mail link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers alike for known and unknown e-mails, and mails a link only to the known one', async () => {
    const u = await signedInUser(t);
    const before = t.mailer.sent.length;
    const known = await post(t, '/api/auth/reset-password/', { email: u.email });
    const unknown = await post(t, '/api/auth/reset-password/', { email: 'stranger@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: 'Инструкции по восстановлению пароля отправлены на ваш email' });
    expect(unknown.body).toBe(known.body);
    expect(t.mailer.sent.length).toBe(before + 1);
    const { link, token } = linkIn(t.mailer.last(u.email)?.text);
    expect(link.startsWith('http://localhost:3000/reset-password?token=')).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await t.db.selectFrom('reset_tokens').selectAll().execute();
    expect(stored.some((r) => r.token_hash.includes(token))).toBe(false);
  });

  it('sets the new password once, ends every session, and confirms the e-mail', async () => {
    const { email, user } = await register(t);
    const other = await signedInUser(t);
    await post(t, '/api/auth/reset-password/', { email });
    const { token } = linkIn(t.mailer.last(email)?.text);

    const weak = await post(t, '/api/auth/reset-password/confirm/', { token, new_password: 'short', new_password2: 'short' });
    expect(weak.json()).toEqual({ new_password: ['Пароль должен содержать минимум 8 символов'] });
    const mismatch = await post(t, '/api/auth/reset-password/confirm/', {
      token,
      new_password: 'new-password-1',
      new_password2: 'new-password-2',
    });
    expect(mismatch.json()).toEqual({ new_password2: ['Пароли не совпадают'] });

    const ok = await post(t, '/api/auth/reset-password/confirm/', {
      token,
      new_password: 'new-password-1',
      new_password2: 'new-password-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Пароль успешно изменен' });
    const login = await post(t, '/api/auth/login/', { email, password: 'new-password-1' });
    expect(login.statusCode).toBe(200);
    expect(bodyOf(login, loginAnswerSchema).user).toMatchObject({ id: user.id, is_email_verified: true });

    const reused = await post(t, '/api/auth/reset-password/confirm/', {
      token,
      new_password: 'another-pass-1',
      new_password2: 'another-pass-1',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: 'Ссылка недействительна или устарела' });

    // Someone else's sessions are untouched.
    expect((await post(t, '/api/auth/token/refresh/', { refresh: other.refresh })).statusCode).toBe(200);
  });

  it('revokes the refresh tokens and access tokens of the user', async () => {
    const u = await signedInUser(t);
    t.clock.advance(61_000);
    await post(t, '/api/auth/reset-password/', { email: u.email });
    const { token } = linkIn(t.mailer.last(u.email)?.text);
    t.clock.advance(2_000);
    expect(
      (await post(t, '/api/auth/reset-password/confirm/', { token, new_password: 'fresh-pass-123', new_password2: 'fresh-pass-123' }))
        .statusCode,
    ).toBe(200);
    const r = await post(t, '/api/auth/token/refresh/', { refresh: u.refresh });
    expect(r.statusCode).toBe(401);
    const p = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${u.access}` } });
    expect(p.statusCode).toBe(401);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: u.password })).statusCode).toBe(401);
  });

  it('lets the link expire after an hour', async () => {
    const u = await signedInUser(t);
    await post(t, '/api/auth/reset-password/', { email: u.email });
    const { token } = linkIn(t.mailer.last(u.email)?.text);
    t.clock.advance(60 * 60 * 1000 + 1000);
    const res = await post(t, '/api/auth/reset-password/confirm/', {
      token,
      new_password: 'late-pass-123',
      new_password2: 'late-pass-123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Ссылка недействительна или устарела' });
  });

  it('refuses an unknown token', async () => {
    const res = await post(t, '/api/auth/reset-password/confirm/', {
      token: 'x'.repeat(43),
      new_password: 'whatever-123',
      new_password2: 'whatever-123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Ссылка недействительна или устарела' });
  });
});

describe('password reset by SMS code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a code to a verified phone and resets with {phone, code, new_password}', async () => {
    const u = await signedInUser(t, { phone: '+79007770011' });
    await confirmOwnPhone(t, u, '+79007770011');
    const before = t.sms.sent.length;
    const known = await post(t, '/api/auth/request-password-reset-code/', { phone: '+7 900 777-00-11' });
    const unknown = await post(t, '/api/auth/request-password-reset-code/', { phone: '+79007770099' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: 'Код отправлен по SMS' });
    expect(unknown.body).toBe(known.body);
    expect(t.sms.sent.length).toBe(before + 1);
    const code = codeIn(t.sms.last('+79007770011')?.text);

    const short = await post(t, '/api/auth/reset-password/confirm/', { phone: '+79007770011', code, new_password: 'short' });
    expect(short.json()).toEqual({ new_password: ['Пароль должен содержать минимум 8 символов'] });
    const wrong = await post(t, '/api/auth/reset-password/confirm/', {
      phone: '+79007770011',
      code: code === '111111' ? '222222' : '111111',
      new_password: 'sms-pass-123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Неверный или просроченный код' });

    const ok = await post(t, '/api/auth/reset-password/confirm/', { phone: '+79007770011', code, new_password: 'sms-pass-123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Пароль успешно изменен' });
    expect((await post(t, '/api/auth/login/', { email: u.email, password: 'sms-pass-123' })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/token/refresh/', { refresh: u.refresh })).statusCode).toBe(401);
  });

  it('names the missing fields', async () => {
    const res = await post(t, '/api/auth/reset-password/confirm/', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ phone: ['Обязательное поле.'], code: ['Обязательное поле.'], new_password: ['Обязательное поле.'] });
  });
});
