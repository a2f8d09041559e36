import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema, secondStepRequiredSchema, twoFactorStatusSchema } from '../../../contract/account.ts';
import { detailErrorSchema } from '../../../contract/errors.ts';
import { anyInstance, bodyOf, errorOf } from '../support/inject-json.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { changePassword, codeIn, confirmOwnPhone, nextIp, post, signedInUser } from '../support/auth.ts';

const BAD_CODE = { detail: 'Неверный или просроченный код' };
const EXPIRED = { detail: 'Время для ввода кода истекло. Войдите снова.' };
const STEP_MS = 30_000;

/** The code an authenticator app shows for this secret at this moment. */
const codeAt = (secret: string, at: Date) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

describe('two-step sign-in with codes from an authenticator app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const status = async (access: string) =>
    bodyOf(await t.app.inject({ url: '/api/auth/2fa/', headers: { authorization: `Bearer ${access}` } }), twoFactorStatusSchema);
  const login = (email: string, password: string, ip = nextIp()) => post(t, '/api/auth/login/', { email, password }, { ip });
  const secondStep = (mfa_token: unknown, code: unknown, ip = nextIp()) => post(t, '/api/auth/login/2fa/', { mfa_token, code }, { ip });
  /** The next 30-second step: a code not used yet (each step's code works once). */
  const nextStep = () => t.clock.advance(STEP_MS);

  /** A signed-in user with sign-in codes on: the secret and the ten recovery codes. */
  async function withTwoFactor() {
    const u = await signedInUser(t);
    const setup = await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const enabled = await post(
      t,
      '/api/auth/2fa/enable/',
      { password: u.password, code: codeAt(secret, t.clock.now()) },
      { token: u.access },
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    nextStep();
    return { ...u, secret, recovery: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
  }

  async function mfaTokenOf(u: { email: string; password: string }) {
    const res = await login(u.email, u.password);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ mfa_token: string }>().mfa_token;
  }

  it('sets up: a secret and its otpauth URL for the QR code; the database keeps the secret sealed', async () => {
    const u = await signedInUser(t);
    expect(await status(u.access)).toEqual({ enabled: false, recovery_codes_left: 0 });
    const res = await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_url } = res.json<{ secret: string; otpauth_url: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Копилка:${u.email}`);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Копилка');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');

    const row = await t.db.selectFrom('two_factor').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.enabled_at).toBeNull();
    expect(row.secret).not.toContain(secret);
    expect(row.secret).toMatch(/^v1\./);
    // Still off until a first code confirms it: the password alone signs in.
    expect((await login(u.email, u.password)).json()).toHaveProperty('access');
  });

  it('turns on with the first code and returns ten distinct recovery codes, never the secret again', async () => {
    const u = await signedInUser(t);
    const { secret } = (await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access })).json<{ secret: string }>();
    const right = codeAt(secret, t.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await post(t, '/api/auth/2fa/enable/', { password: u.password, code: wrong }, { token: u.access });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: ['Неверный или просроченный код'] });
    expect((await post(t, '/api/auth/2fa/enable/', { password: u.password, code: '12a' }, { token: u.access })).json()).toEqual({
      code: ['Код должен состоять из 6 цифр'],
    });

    const res = await post(t, '/api/auth/2fa/enable/', { password: u.password, code: right }, { token: u.access });
    expect(res.statusCode, res.body).toBe(200);
    const codes = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', u.id).execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace('-', ''));

    expect(await status(u.access)).toEqual({ enabled: true, recovery_codes_left: 10 });
    const again = await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Двухэтапная проверка уже включена' });
    expect(t.mailer.last(u.email)?.subject).toBe('Копилка: двухэтапная проверка включена');
  });

  it('refuses to turn on without a setup first', async () => {
    const u = await signedInUser(t);
    const res = await post(t, '/api/auth/2fa/enable/', { password: u.password, code: '123456' }, { token: u.access });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Сначала начните настройку двухэтапной проверки' });
  });

  it('asks for the second step after the password, and a code from the app finishes the login', async () => {
    const u = await withTwoFactor();
    const res = await login(u.email, u.password);
    expect(res.statusCode).toBe(200);
    const body = bodyOf(res, secondStepRequiredSchema);
    expect(Object.keys(body).sort()).toEqual(['mfa_required', 'mfa_token']);
    expect(body.mfa_required).toBe(true);

    const done = await secondStep(body.mfa_token, codeAt(u.secret, t.clock.now()));
    expect(done.statusCode, done.body).toBe(200);
    const { access, user } = bodyOf(done, loginAnswerSchema);
    expect(user).toMatchObject({ id: u.id, email: u.email });
    const profile = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${access}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses a used mfa_token, an unknown one and one older than 5 minutes', async () => {
    const u = await withTwoFactor();
    const token = await mfaTokenOf(u);
    expect((await secondStep(token, codeAt(u.secret, t.clock.now()))).statusCode).toBe(200);
    nextStep();
    const reused = await secondStep(token, codeAt(u.secret, t.clock.now()));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(EXPIRED);
    expect((await secondStep('made-up-token', '123456')).json()).toEqual(EXPIRED);

    const late = await mfaTokenOf(u);
    t.clock.advance(5 * 60 * 1000 + 1000);
    const res = await secondStep(late, codeAt(u.secret, t.clock.now()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(EXPIRED);
  });

  it('accepts each code from the app once: the same code again is refused', async () => {
    const u = await withTwoFactor();
    const code = codeAt(u.secret, t.clock.now());
    expect((await secondStep(await mfaTokenOf(u), code)).statusCode).toBe(200);
    const replay = await secondStep(await mfaTokenOf(u), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(BAD_CODE);
    // A code of an earlier step than one already used is refused as well.
    nextStep();
    expect((await secondStep(await mfaTokenOf(u), codeAt(u.secret, t.clock.now()))).statusCode).toBe(200);
    expect((await secondStep(await mfaTokenOf(u), codeAt(u.secret, new Date(t.clock.now().getTime() - STEP_MS)))).statusCode).toBe(400);
  });

  it('takes a recovery code instead, in any case and spacing, once only', async () => {
    const u = await withTwoFactor();
    const [first] = u.recovery;
    const typed = ` ${first!.toUpperCase().replace('-', ' ')} `;
    const res = await secondStep(await mfaTokenOf(u), typed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('access');
    const reused = await secondStep(await mfaTokenOf(u), first);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(BAD_CODE);
    expect(await status(bodyOf(res, loginAnswerSchema).access)).toEqual({ enabled: true, recovery_codes_left: 9 });
  });

  it('refuses the recovery codes of another account', async () => {
    const u = await withTwoFactor();
    const other = await withTwoFactor();
    const res = await secondStep(await mfaTokenOf(u), other.recovery[0]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_CODE);
  });

  it('throttles wrong codes: 5 per user in 15 minutes, whatever the mfa_token or address (429 + Retry-After)', async () => {
    const u = await withTwoFactor();
    const right = () => codeAt(u.secret, t.clock.now());
    const wrong = () => (right() === '000000' ? '111111' : '000000');
    for (let i = 0; i < 5; i++) {
      const res = await secondStep(await mfaTokenOf(u), wrong());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_CODE);
    }
    const locked = await secondStep(await mfaTokenOf(u), right());
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(locked, detailErrorSchema).detail).toMatch(/^Слишком много попыток\. Повторите через \d+ с\.$/);

    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await secondStep(await mfaTokenOf(u), right())).statusCode).toBe(200);
  });

  it('allows 5 tries per mfa_token: the sixth is refused even with the right code', async () => {
    const u = await withTwoFactor();
    const wrong = () => (codeAt(u.secret, t.clock.now()) === '000000' ? '111111' : '000000');
    const token = await mfaTokenOf(u);
    for (let i = 0; i < 4; i++) expect((await secondStep(token, wrong())).statusCode).toBe(400);
    // A success elsewhere clears the user's count, not this token's tries.
    expect((await secondStep(await mfaTokenOf(u), codeAt(u.secret, t.clock.now()))).statusCode).toBe(200);
    nextStep();
    expect((await secondStep(token, wrong())).statusCode).toBe(400);
    const sixth = await secondStep(token, codeAt(u.secret, t.clock.now()));
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual(EXPIRED);
  });

  it('voids a second step when the password changes before it is finished', async () => {
    const u = await withTwoFactor();
    const token = await mfaTokenOf(u);
    const changed = await changePassword(t, u, { new_password: 'a-brand-new-pass', new_password2: 'a-brand-new-pass' });
    expect(changed.statusCode, changed.body).toBe(200);
    const res = await secondStep(token, codeAt(u.secret, t.clock.now()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(EXPIRED);
  });

  it('asks for the second step after an SMS login code too', async () => {
    const u = await withTwoFactor();
    const phone = `+7999${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile/',
      payload: { phone, password: u.password },
      headers: { authorization: `Bearer ${u.access}` },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    t.clock.advance(61_000);
    await confirmOwnPhone(t, u, phone);
    expect((await post(t, '/api/auth/login/phone/', { phone })).statusCode).toBe(200);
    const res = await post(t, '/api/auth/login/phone/verify/', { phone, code: codeIn(t.sms.last(phone)?.text) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mfa_required: true, mfa_token: anyInstance(String) });
    expect((await secondStep(bodyOf(res, secondStepRequiredSchema).mfa_token, codeAt(u.secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('turns off only with the password and a code; then the password alone signs in again', async () => {
    const u = await withTwoFactor();
    const disable = (body: unknown) => post(t, '/api/auth/2fa/disable/', body, { token: u.access });
    const code = codeAt(u.secret, t.clock.now());
    const wrongCode = code === '000000' ? '111111' : '000000';

    const badPassword = await disable({ password: 'not-my-password', code });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json()).toEqual({ password: ['Неверный пароль'] });
    const badCode = await disable({ password: u.password, code: wrongCode });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toEqual({ code: ['Неверный или просроченный код'] });
    expect((await disable({ password: u.password })).json()).toEqual({ code: ['Обязательное поле.'] });
    expect(await status(u.access)).toMatchObject({ enabled: true });

    const res = await disable({ password: u.password, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: 'Двухэтапная проверка отключена' });
    expect(await status(u.access)).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect(await t.db.selectFrom('recovery_codes').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect((await login(u.email, u.password)).json()).toHaveProperty('access');
    expect(t.mailer.last(u.email)?.subject).toBe('Копилка: двухэтапная проверка отключена');
    const twice = await disable({ password: u.password, code });
    expect(twice.json()).toEqual({ detail: 'Двухэтапная проверка не включена' });
  });

  it('turns off with a recovery code in place of the app', async () => {
    const u = await withTwoFactor();
    const res = await post(t, '/api/auth/2fa/disable/', { password: u.password, code: u.recovery[3] }, { token: u.access });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(u.access)).toMatchObject({ enabled: false });
  });

  it('throttles wrong codes when turning it on, per user', async () => {
    const u = await signedInUser(t);
    const { secret } = (await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access })).json<{ secret: string }>();
    const wrong = codeAt(secret, t.clock.now()) === '000000' ? '111111' : '000000';
    const enable = (code: string) => post(t, '/api/auth/2fa/enable/', { password: u.password, code }, { token: u.access });
    for (let i = 0; i < 5; i++) expect((await enable(wrong)).statusCode).toBe(400);
    const locked = await enable(codeAt(secret, t.clock.now()));
    expect(locked.statusCode).toBe(429);
  });

  it('a stolen access token alone can neither set up nor turn on sign-in codes: both need the current password', async () => {
    const u = await signedInUser(t);
    const asThief = (path: string, body: unknown) => post(t, `/api/auth/2fa/${path}/`, body, { token: u.access });
    expect((await asThief('setup', {})).json()).toEqual({ password: ['Обязательное поле.'] });
    const guessed = await asThief('setup', { password: 'a-guessed-password' });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toEqual({ password: ['Неверный пароль'] });
    expect(await t.db.selectFrom('two_factor').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);

    // Even with a secret set up (by the owner), the first code alone does not turn it on.
    const { secret } = (await asThief('setup', { password: u.password })).json<{ secret: string }>();
    const code = codeAt(secret, t.clock.now());
    expect((await asThief('enable', { code })).json()).toEqual({ password: ['Обязательное поле.'] });
    expect((await asThief('enable', { code, password: 'a-guessed-password' })).json()).toEqual({ password: ['Неверный пароль'] });
    expect(await status(u.access)).toEqual({ enabled: false, recovery_codes_left: 0 });
    // Wrong passwords are limited per user (5 in 15 minutes), the right one included after that.
    for (let i = 0; i < 3; i++) expect((await asThief('enable', { code, password: `guess-${i}` })).statusCode).toBe(400);
    expect((await asThief('enable', { code, password: u.password })).statusCode).toBe(429);
    expect(await status(u.access)).toEqual({ enabled: false, recovery_codes_left: 0 });
  });

  it('turning it on ends every other session and mails a «Это был не я» link that turns it off and ends every session', async () => {
    const u = await signedInUser(t);
    const other = (await login(u.email, u.password)).json<{ access: string; refresh: string }>();
    const profile = (access: string) => t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${access}` } });
    expect((await profile(other.access)).statusCode).toBe(200);

    const { secret } = (await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access })).json<{ secret: string }>();
    const on = await post(t, '/api/auth/2fa/enable/', { password: u.password, code: codeAt(secret, t.clock.now()) }, { token: u.access });
    expect(on.statusCode, on.body).toBe(200);
    // The session that turned it on goes on; every other one has ended.
    expect((await profile(u.access)).statusCode).toBe(200);
    expect((await profile(other.access)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/token/refresh/', { refresh: other.refresh })).statusCode).toBe(401);

    const notice = t.mailer.last(u.email)!;
    expect(notice.subject).toBe('Копилка: двухэтапная проверка включена');
    expect(notice.text).toContain('Все остальные сеансы завершены.');
    expect(notice.text).toContain('«Это был не я»');
    const link = /(http\S+\/not-me\/#([\w-]+))/.exec(notice.text);
    expect(link?.[1]).toMatch(/^http:\/\/localhost:3000\/not-me\/#[\w-]{43}$/);
    const token = link![2]!;
    // Only its hash is kept.
    expect(JSON.stringify(await t.db.selectFrom('undo_links').selectAll().execute())).not.toContain(token);

    // The thief's session is the one that turned it on. (A password change would retire the link: not-me.test.ts.)
    const thief = { access: u.access };

    expect((await post(t, '/api/auth/2fa/not-me/', { token: 'made-up' })).json()).toEqual({
      detail: 'Ссылка недействительна или устарела',
    });
    const undone = await post(t, '/api/auth/2fa/not-me/', { token });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ detail: 'Двухэтапная проверка отключена, все сеансы завершены', action: 'two_factor_enabled' });
    expect((await profile(thief.access)).statusCode).toBe(401);
    expect(await t.db.selectFrom('two_factor').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);
    const after = t.mailer.last(u.email)!;
    expect(after.subject).toBe('Копилка: изменение отменено по ссылке «Это был не я»');
    expect(after.text).toContain('двухэтапная проверка отключена');
    // No code asked at the next login (the owner resets the password by e-mail as the page says).
    expect((await login(u.email, u.password)).json()).toHaveProperty('access');

    const twice = await post(t, '/api/auth/2fa/not-me/', { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ detail: 'Ссылка недействительна или устарела' });
  });

  it('takes the «Это был не я» link for 7 days only', async () => {
    const u = await withTwoFactor();
    const token = /\/not-me\/#([\w-]+)/.exec(t.mailer.last(u.email)!.text)![1]!;
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const late = await post(t, '/api/auth/2fa/not-me/', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: 'Ссылка недействительна или устарела' });
    expect((await post(t, '/api/auth/2fa/not-me/', {})).json()).toEqual({ token: ['Обязательное поле.'] });
  });

  it('makes new recovery codes with the password and a code; the old ones stop working', async () => {
    const u = await withTwoFactor();
    const renew = (body: unknown) => post(t, '/api/auth/2fa/recovery-codes/', body, { token: u.access });
    const code = codeAt(u.secret, t.clock.now());
    expect((await renew({ code })).json()).toEqual({ password: ['Обязательное поле.'] });
    expect((await renew({ code, password: 'not-my-password' })).json()).toEqual({ password: ['Неверный пароль'] });
    expect((await renew({ password: u.password, code: code === '000000' ? '111111' : '000000' })).json()).toEqual({
      code: ['Неверный или просроченный код'],
    });
    const res = await renew({ password: u.password, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => u.recovery.includes(c))).toBe(false);
    expect(await status(u.access)).toEqual({ enabled: true, recovery_codes_left: 10 });
    expect((await secondStep(await mfaTokenOf(u), u.recovery[0])).json()).toEqual(BAD_CODE);
    expect((await secondStep(await mfaTokenOf(u), fresh[0])).statusCode).toBe(200);

    const off = await signedInUser(t);
    const notOn = await post(t, '/api/auth/2fa/recovery-codes/', { password: off.password, code: '123456' }, { token: off.access });
    expect(notOn.json()).toEqual({ detail: 'Двухэтапная проверка не включена' });
  });

  it('needs a signed-in user for setup, status, enable and disable', async () => {
    expect((await t.app.inject({ url: '/api/auth/2fa/' })).statusCode).toBe(401);
    for (const path of ['setup', 'enable', 'disable', 'recovery-codes']) {
      expect((await post(t, `/api/auth/2fa/${path}/`, { code: '123456', password: 'x' })).statusCode).toBe(401);
    }
    expect((await secondStep(undefined, '123456')).json()).toEqual({ mfa_token: ['Обязательное поле.'] });
  });
});
