import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { changePassword, codeIn, confirmOwnPhone, post, register, signedInUser } from '../support/auth.ts';

/** What a thief holding only an access token can and cannot do, and what the owner is told. */
describe('a stolen access token does not become the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/auth/profile/', headers: { authorization: `Bearer ${token}` }, payload });
  const phoneOf = async (id: number) =>
    (await t.db.selectFrom('users').select('phone').where('id', '=', id).executeTakeFirstOrThrow()).phone;

  it('changing the phone needs the current password: missing or wrong → 400 {password}, nothing changes and nothing is sent', async () => {
    const u = await signedInUser(t, { phone: '+79101000001' });
    const smsBefore = t.sms.sent.length;
    const missing = await patch(u.access, { phone: '+79101000002' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password: ['Обязательное поле.'] });
    const wrong = await patch(u.access, { phone: '+79101000002', password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ['Неверный пароль'] });
    const removed = await patch(u.access, { phone: null });
    expect(removed.json()).toEqual({ password: ['Обязательное поле.'] });
    expect(await phoneOf(u.id)).toBe('+79101000001');
    expect(t.sms.sent.length).toBe(smsBefore);

    const ok = await patch(u.access, { phone: '+79101000002', password: u.password });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '+79101000002', is_phone_verified: false });
  });

  it('names and an unchanged phone are saved without the password', async () => {
    const u = await signedInUser(t, { phone: '+79101000003' });
    const res = await patch(u.access, { first_name: 'Ольга', phone: '8 910 100-00-03' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Ольга', phone: '+79101000003' });
  });

  it("the thief's way in is closed: no phone swap without the password, and no reset code to an unverified number", async () => {
    const u = await signedInUser(t);
    const attacker = '+79101000009';
    expect((await patch(u.access, { phone: attacker })).statusCode).toBe(400);
    const smsBefore = t.sms.sent.length;
    const asked = await post(t, '/api/auth/request-password-reset-code/', { phone: attacker });
    expect(asked.statusCode).toBe(200);
    expect(t.sms.sent.length).toBe(smsBefore);
    expect((await post(t, '/api/auth/login/', { email: u.email, password: u.password })).statusCode).toBe(200);
  });

  it('sends login and reset codes only to a verified phone; an unverified, a verified and an unknown number get the same answer', async () => {
    const phone = '+79101000011';
    const u = await signedInUser(t, { phone });
    const unknown = '+79101000099';
    const ask = async (url: string, to: string) => {
      const before = t.sms.sent.length;
      const res = await post(t, url, { phone: to });
      expect(res.statusCode).toBe(200);
      return { body: res.body, sent: t.sms.sent.length - before };
    };
    const unverifiedLogin = await ask('/api/auth/login/phone/', phone);
    const unverifiedReset = await ask('/api/auth/request-password-reset-code/', phone);
    expect(unverifiedLogin.sent).toBe(0);
    expect(unverifiedReset.sent).toBe(0);

    await confirmOwnPhone(t, u, phone);
    t.clock.advance(61_000);
    const verifiedLogin = await ask('/api/auth/login/phone/', phone);
    const verifiedReset = await ask('/api/auth/request-password-reset-code/', phone);
    expect(verifiedLogin.sent).toBe(1);
    expect(verifiedReset.sent).toBe(1);
    const unknownLogin = await ask('/api/auth/login/phone/', unknown);
    const unknownReset = await ask('/api/auth/request-password-reset-code/', unknown);
    expect(unknownLogin.sent + unknownReset.sent).toBe(0);

    expect(new Set([unverifiedLogin.body, verifiedLogin.body, unknownLogin.body]).size).toBe(1);
    expect(new Set([unverifiedReset.body, verifiedReset.body, unknownReset.body]).size).toBe(1);
  });

  it('the holder of a mistyped number cannot claim it: codes go to, and are taken from, the signed-in owner only', async () => {
    const mistyped = '+79101000021';
    const owner = await register(t, { phone: mistyped });
    const smsBefore = t.sms.sent.length;
    // A guest can neither have a code sent to a number nor use one.
    const guest = await post(t, '/api/auth/resend-phone-verification-code/', { phone: mistyped });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ code: 'not_authenticated' });
    const guestVerify = await post(t, '/api/auth/verify-phone/', { phone: mistyped, code: '123456' });
    expect(guestVerify.statusCode).toBe(401);
    // Signed in to an account of their own, naming the number gets a code to their own number only.
    const stranger = await signedInUser(t, { phone: '+79101000022' });
    const signedIn = await post(t, '/api/auth/resend-phone-verification-code/', { phone: mistyped }, { token: stranger.access });
    expect(signedIn.statusCode).toBe(200);
    expect(t.sms.sent.slice(smsBefore).map((m) => m.to)).toEqual(['+79101000022']);
    const row = await t.db.selectFrom('users').select('is_phone_verified').where('id', '=', owner.user.id).executeTakeFirstOrThrow();
    expect(row.is_phone_verified).toBe(0);
  });

  it('a code the owner asked for, typed in by someone without their session, proves nothing', async () => {
    const phone = '+79101000023';
    const u = await signedInUser(t, { phone });
    expect((await post(t, '/api/auth/resend-phone-verification-code/', {}, { token: u.access })).statusCode).toBe(200);
    const code = codeIn(t.sms.last(phone)?.text);
    expect((await post(t, '/api/auth/verify-phone/', { phone, code })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/verify-phone/', { code }, { token: u.access })).statusCode).toBe(200);
  });

  it('confirming the e-mail does not confirm the phone', async () => {
    const u = await signedInUser(t, { phone: '+79101000031' });
    const profile = await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${u.access}` } });
    expect(profile.json()).toMatchObject({ is_email_verified: true, is_phone_verified: false });
  });
});

describe('the owner is told by e-mail when the password or the phone changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newMailsTo = (to: string, since: number) => t.mailer.sent.slice(since).filter((m) => m.to === to);

  it('a changed phone', async () => {
    const u = await signedInUser(t, { phone: '+79102000001' });
    const since = t.mailer.sent.length;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/profile/',
      headers: { authorization: `Bearer ${u.access}` },
      payload: { phone: '+79102000077', password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const mails = newMailsTo(u.email, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Копилка: номер телефона изменён');
    expect(mails[0]!.text).toContain('+7********77');
    expect(mails[0]!.text).not.toContain('+79102000077');
    expect(mails[0]!.text).toMatch(/Если это были не вы/);
  });

  it('a changed password', async () => {
    const u = await signedInUser(t);
    const since = t.mailer.sent.length;
    const res = await changePassword(t, u, { new_password: 'next-pass-123' });
    expect(res.statusCode).toBe(200);
    const mails = newMailsTo(u.email, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Копилка: пароль изменён');
    expect(mails[0]!.text).not.toContain('next-pass-123');
  });

  it('a password reset by link and by SMS code', async () => {
    const phone = '+79102000002';
    const u = await signedInUser(t, { phone });
    await confirmOwnPhone(t, u, phone);
    await post(t, '/api/auth/reset-password/', { email: u.email });
    const token = /token=([\w-]+)/.exec(t.mailer.last(u.email)!.text)![1];
    let since = t.mailer.sent.length;
    expect(
      (await post(t, '/api/auth/reset-password/confirm/', { token, new_password: 'by-link-123', new_password2: 'by-link-123' })).statusCode,
    ).toBe(200);
    expect(newMailsTo(u.email, since).map((m) => m.subject)).toEqual(['Копилка: пароль изменён']);

    await post(t, '/api/auth/request-password-reset-code/', { phone });
    const code = codeIn(t.sms.last(phone)?.text);
    since = t.mailer.sent.length;
    expect((await post(t, '/api/auth/reset-password/confirm/', { phone, code, new_password: 'by-code-123' })).statusCode).toBe(200);
    expect(newMailsTo(u.email, since).map((m) => m.subject)).toEqual(['Копилка: пароль изменён']);
  });
});
