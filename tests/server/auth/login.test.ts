import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAnswerSchema } from '../../../contract/account.ts';
import { bodyOf } from '../support/inject-json.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { codeIn, confirmOwnPhone, nextIp, post, register, signedInUser } from '../support/auth.ts';

describe('POST /api/auth/login/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers {access, refresh, user} for a confirmed account', async () => {
    const u = await signedInUser(t);
    const res = await post(t, '/api/auth/login/', { email: u.email.toUpperCase(), password: u.password });
    expect(res.statusCode).toBe(200);
    const json = bodyOf(res, loginAnswerSchema);
    expect(json.access.split('.')).toHaveLength(3);
    expect(json.refresh.split('.')).toHaveLength(3);
    expect(json.user).toMatchObject({ id: u.id, email: u.email, is_email_verified: true });
    const profile = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${json.access}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('answers 401 with the same detail for a wrong password and an unknown e-mail', async () => {
    const u = await signedInUser(t);
    const wrong = await post(t, '/api/auth/login/', { email: u.email, password: 'wrong-password' });
    const unknown = await post(t, '/api/auth/login/', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Неверный email или пароль' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('runs argon2 for an unknown e-mail too, so it takes as long as a wrong password', async () => {
    const u = await signedInUser(t);
    const spy = vi.spyOn(argon2, 'verify');
    try {
      await post(t, '/api/auth/login/', { email: 'ghost@example.com', password: 'whatever-pass' });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(String(spy.mock.calls[0]![0])).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      await post(t, '/api/auth/login/', { email: u.email, password: 'whatever-pass' });
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
    // Both paths pay for a real argon2id verification (m=19 MiB): well above a millisecond.
    const time = async (email: string) => {
      const start = performance.now();
      await post(t, '/api/auth/login/', { email, password: 'another-wrong' });
      return performance.now() - start;
    };
    expect(await time('ghost2@example.com')).toBeGreaterThan(3);
    expect(await time(u.email)).toBeGreaterThan(3);
  });

  it('answers 403 email_not_verified only when the password is right', async () => {
    const { body, email } = await register(t);
    const res = await post(t, '/api/auth/login/', { email, password: body.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Email не подтвержден', code: 'email_not_verified' });
    const wrong = await post(t, '/api/auth/login/', { email, password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(401);
  });

  it('treats an inactive account like wrong credentials', async () => {
    const u = await signedInUser(t);
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', u.id).execute();
    const res = await post(t, '/api/auth/login/', { email: u.email, password: u.password });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Неверный email или пароль' });
  });

  it('locks an account for a while after 5 failures (429 + Retry-After), from any IP', async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await post(t, '/api/auth/login/', { email: u.email, password: `wrong-${i}-pass` })).statusCode).toBe(401);
    }
    const locked = await post(t, '/api/auth/login/', { email: u.email, password: u.password });
    expect(locked.statusCode).toBe(429);
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(locked.json()).toEqual({ detail: `Слишком много попыток. Повторите через ${retry} с.` });

    // The lockout does not stop a password reset, and a completed reset lifts it.
    const reset = await post(t, '/api/auth/reset-password/', { email: u.email });
    expect(reset.statusCode).toBe(200);
    const token = /token=([\w-]+)/.exec(t.mailer.last(u.email)!.text)![1];
    const confirm = await post(t, '/api/auth/reset-password/confirm/', {
      token,
      new_password: 'brand-new-pass',
      new_password2: 'brand-new-pass',
    });
    expect(confirm.statusCode).toBe(200);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: 'brand-new-pass' })).statusCode).toBe(200);
  });

  it('lets the lock expire with time', async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < 5; i++) await post(t, '/api/auth/login/', { email: u.email, password: `wrong-${i}-pass` });
    expect((await post(t, '/api/auth/login/', { email: u.email, password: u.password })).statusCode).toBe(429);
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('limits failures per IP across accounts', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const r = await post(t, '/api/auth/login/', { email: `spray${i}@example.com`, password: 'password-x' }, { ip });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await post(t, '/api/auth/login/', { email: 'spray-last@example.com', password: 'password-x' }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await post(t, '/api/auth/login/', { email: 'spray-last@example.com', password: 'password-x' })).statusCode).toBe(401);
  });
});

describe('login by phone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends an SMS code to a verified phone and signs in with it', async () => {
    const u = await signedInUser(t, { phone: '+79001112233' });
    await confirmOwnPhone(t, u, '+79001112233');
    const req = await post(t, '/api/auth/login/phone/', { phone: '8 900 111-22-33' });
    expect(req.statusCode).toBe(200);
    expect(req.json()).toEqual({ detail: 'Код отправлен по SMS' });
    const code = codeIn(t.sms.last('+79001112233')?.text);
    const res = await post(t, '/api/auth/login/phone/verify/', { phone: '+79001112233', code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: u.id, is_phone_verified: true } });
    expect(bodyOf(res, loginAnswerSchema).access).toBeTruthy();
    expect(bodyOf(res, loginAnswerSchema).refresh).toBeTruthy();
    const again = await post(t, '/api/auth/login/phone/verify/', { phone: '+79001112233', code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Неверный или просроченный код' });
  });

  it('answers the same for an unknown phone and sends nothing', async () => {
    const before = t.sms.sent.length;
    const res = await post(t, '/api/auth/login/phone/', { phone: '+79990000000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Код отправлен по SMS' });
    expect(t.sms.sent.length).toBe(before);
  });

  it('refuses a wrong code', async () => {
    const u = await signedInUser(t, { phone: '+79001112244' });
    await confirmOwnPhone(t, u, '+79001112244');
    await post(t, '/api/auth/login/phone/', { phone: '+79001112244' });
    const code = codeIn(t.sms.last('+79001112244')?.text);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await post(t, '/api/auth/login/phone/verify/', { phone: '+79001112244', code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Неверный или просроченный код' });
  });
});
