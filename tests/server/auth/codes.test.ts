import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { codeIn, nextIp, post, register, signedInUser } from '../support/auth.ts';

const BAD_CODE = { detail: 'Неверный или просроченный код' };
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('e-mail confirmation codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('confirms the e-mail with {code, email} and then allows login; the code is single use', async () => {
    const { email, body } = await register(t);
    const code = codeIn(t.mailer.last(email)?.text);
    const res = await post(t, '/api/auth/verify-email/', { code, email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Email успешно подтвержден' });
    const row = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.is_email_verified).toBe(1);
    expect(row.is_phone_verified).toBe(0);
    expect((await post(t, '/api/auth/login/', { email, password: body.password })).statusCode).toBe(200);
    const again = await post(t, '/api/auth/verify-email/', { code, email });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(BAD_CODE);
  });

  it('accepts {code} alone', async () => {
    const { email } = await register(t);
    const code = codeIn(t.mailer.last(email)?.text);
    const res = await post(t, '/api/auth/verify-email/', { code });
    expect(res.statusCode).toBe(200);
  });

  it('stores codes hashed, never in clear', async () => {
    const { email, user } = await register(t);
    const code = codeIn(t.mailer.last(email)?.text);
    const rows = await t.db.selectFrom('codes').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets a code expire after 10 minutes', async () => {
    const { email } = await register(t);
    const code = codeIn(t.mailer.last(email)?.text);
    t.clock.advance(10 * 60 * 1000 + 1);
    const res = await post(t, '/api/auth/verify-email/', { code, email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_CODE);
  });

  it('kills a code after 5 wrong tries', async () => {
    const { email } = await register(t);
    const code = codeIn(t.mailer.last(email)?.text);
    for (let i = 0; i < 5; i++) {
      const r = await post(t, '/api/auth/verify-email/', { code: other(code), email });
      expect(r.statusCode).toBe(400);
    }
    const res = await post(t, '/api/auth/verify-email/', { code, email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_CODE);
  });

  it('rejects a code that is not 6 digits with a field error', async () => {
    const res = await post(t, '/api/auth/verify-email/', { code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: ['Код должен состоять из 6 цифр'] });
    expect((await post(t, '/api/auth/verify-email/', {})).json()).toEqual({ code: ['Обязательное поле.'] });
  });

  it('resends: 200 for known and unknown addresses alike, a new code replaces the old one, once a minute', async () => {
    const { email } = await register(t);
    const first = codeIn(t.mailer.last(email)?.text);
    t.clock.advance(61_000);
    const sentBefore = t.mailer.sent.length;
    const known = await post(t, '/api/auth/resend-verification-code/', { email });
    const unknown = await post(t, '/api/auth/resend-verification-code/', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ detail: 'Новый код отправлен' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(t.mailer.sent.length).toBe(sentBefore + 1);
    const second = codeIn(t.mailer.last(email)?.text);
    if (second !== first) expect((await post(t, '/api/auth/verify-email/', { code: first, email })).statusCode).toBe(400);

    // A second resend within the minute is throttled — for the unknown address too.
    for (const e of [email, 'nobody-here@example.com']) {
      const r = await post(t, '/api/auth/resend-verification-code/', { email: e });
      expect(r.statusCode).toBe(429);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    t.clock.advance(61_000);
    expect((await post(t, '/api/auth/resend-verification-code/', { email })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/verify-email/', { code: codeIn(t.mailer.last(email)?.text), email })).statusCode).toBe(200);
  });

  it('answers a resend right after sign-up as for an unknown address, and sends nothing new within that minute', async () => {
    const { email } = await register(t);
    const signUpCode = codeIn(t.mailer.last(email)?.text);
    const sentBefore = t.mailer.sent.length;
    t.clock.advance(5_000);
    const known = await post(t, '/api/auth/resend-verification-code/', { email });
    const unknown = await post(t, '/api/auth/resend-verification-code/', { email: `nobody-${Date.now()}@example.com` });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['retry-after']).toBeUndefined();
    // The code of the sign-up is still the one to type: no second code went out within the minute.
    expect(t.mailer.sent.length).toBe(sentBefore);
    expect(codeIn(t.mailer.last(email)?.text)).toBe(signUpCode);
    // A second request within the minute is limited, as for any address.
    expect((await post(t, '/api/auth/resend-verification-code/', { email })).statusCode).toBe(429);
    // A minute on, a new code goes out.
    t.clock.advance(61_000);
    expect((await post(t, '/api/auth/resend-verification-code/', { email })).statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(sentBefore + 1);
    expect((await post(t, '/api/auth/verify-email/', { code: codeIn(t.mailer.last(email)?.text), email })).statusCode).toBe(200);
  });

  it('sends at most 10 codes an hour to one address', async () => {
    const email = 'hourly@example.com';
    for (let i = 0; i < 10; i++) {
      expect((await post(t, '/api/auth/resend-verification-code/', { email })).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    const res = await post(t, '/api/auth/resend-verification-code/', { email });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('limits code requests per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 50; i++) {
      expect((await post(t, '/api/auth/resend-verification-code/', { email: `ip${i}@example.com` }, { ip })).statusCode).toBe(200);
    }
    expect((await post(t, '/api/auth/resend-verification-code/', { email: 'ip-last@example.com' }, { ip })).statusCode).toBe(429);
  });

  it('limits wrong codes per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      expect(
        (await post(t, '/api/auth/verify-email/', { code: String(100000 + i), email: `guess${i}@example.com` }, { ip })).statusCode,
      ).toBe(400);
    }
    const res = await post(t, '/api/auth/verify-email/', { code: '999999', email: 'guess-last@example.com' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('limits wrong {code}-only guesses for everybody together: 20 wrong from 20 IPs, then the right code alone is refused; with the e-mail it works', async () => {
    const { email } = await register(t);
    const code = codeIn(t.mailer.last(email)?.text);
    const codes: number[] = [];
    for (let i = 0; i < 20; i++)
      codes.push((await post(t, '/api/auth/verify-email/', { code: other(String((Number(code) + i) % 1_000_000)) })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(10)).toEqual(Array(10).fill(429));
    const alone = await post(t, '/api/auth/verify-email/', { code });
    expect(alone.statusCode).toBe(429);
    expect(Number(alone.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(alone.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await post(t, '/api/auth/verify-email/', { code, email })).statusCode).toBe(200);
  });

  it('still answers 200 when the mail server is down', async () => {
    const { email } = await register(t);
    t.clock.advance(61_000);
    const original = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      expect((await post(t, '/api/auth/resend-verification-code/', { email })).statusCode).toBe(200);
      expect((await post(t, '/api/auth/reset-password/', { email })).statusCode).toBe(200);
    } finally {
      t.mailer.send = original;
    }
  });
});

describe('phone confirmation codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a signed-in user confirms their phone with {code}', async () => {
    const u = await signedInUser(t, { phone: '+79005550001' });
    const resend = await post(t, '/api/auth/resend-phone-verification-code/', {}, { token: u.access });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ detail: 'Новый код отправлен' });
    const code = codeIn(t.sms.last('+79005550001')?.text);
    const res = await post(t, '/api/auth/verify-phone/', { code }, { token: u.access });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Телефон успешно подтвержден' });
    const profile = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${u.access}` } });
    expect(profile.json()).toMatchObject({ is_phone_verified: true, is_email_verified: true });
  });

  it('refuses a wrong or expired code; a fresh one confirms', async () => {
    const phone = '+79005550002';
    const u = await signedInUser(t, { phone });
    expect((await post(t, '/api/auth/resend-phone-verification-code/', { phone: '89005550002' }, { token: u.access })).statusCode).toBe(
      200,
    );
    const code = codeIn(t.sms.last(phone)?.text);
    const wrong = await post(t, '/api/auth/verify-phone/', { code: other(code) }, { token: u.access });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(BAD_CODE);
    t.clock.advance(11 * 60 * 1000);
    const expired = await post(t, '/api/auth/verify-phone/', { code }, { token: u.access });
    expect(expired.json()).toEqual(BAD_CODE);
    await post(t, '/api/auth/resend-phone-verification-code/', {}, { token: u.access });
    const fresh = codeIn(t.sms.last(phone)?.text);
    expect((await post(t, '/api/auth/verify-phone/', { code: fresh }, { token: u.access })).statusCode).toBe(200);
  });

  it('a guest can neither ask for nor use a phone code; a profile without a phone is told so', async () => {
    for (const url of ['/api/auth/resend-phone-verification-code/', '/api/auth/verify-phone/']) {
      const res = await post(t, url, { phone: '+79005550003', code: '123456' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Учетные данные не были предоставлены.', code: 'not_authenticated' });
    }
    const u = await signedInUser(t);
    for (const url of ['/api/auth/resend-phone-verification-code/', '/api/auth/verify-phone/']) {
      const res = await post(t, url, { code: '123456' }, { token: u.access });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ phone: ['Телефон не указан в профиле'] });
    }
  });

  it('resend answers alike and sends nothing once the phone is verified', async () => {
    const phone = '+79005550004';
    const u = await signedInUser(t, { phone });
    const first = await post(t, '/api/auth/resend-phone-verification-code/', {}, { token: u.access });
    await post(t, '/api/auth/verify-phone/', { code: codeIn(t.sms.last(phone)?.text) }, { token: u.access });
    t.clock.advance(61_000);
    const before = t.sms.sent.length;
    const again = await post(t, '/api/auth/resend-phone-verification-code/', {}, { token: u.access });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(t.sms.sent.length).toBe(before);
  });

  it('answers a bad bearer token with 401 token_not_valid', async () => {
    const res = await post(t, '/api/auth/verify-phone/', { code: '123456' }, { token: 'garbage' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_not_valid' });
  });
});
