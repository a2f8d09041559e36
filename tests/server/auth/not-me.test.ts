import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePassword, codeIn, nextIp, post, signedInUser } from '../support/auth.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const ORIGIN = 'http://localhost:3000';
const BAD_LINK = { detail: 'Ссылка недействительна или устарела' };
const codeAt = (secret: string, at: Date) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

type Options = { challenge: string; rp: { id: string }; user: { id: string } };
type Session = Awaited<ReturnType<typeof signedInUser>>;

/**
 * «Это был не я»: every new way in (a passkey, a provider link, two-step sign-in) is mailed with a one-time
 * link bound to that change; it undoes only that change, ends every session, takes back the recent ways in,
 * and dies with the next security change.
 */
describe('«Это был не я» links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const undo = (token: string) => post(t, '/api/auth/not-me/', { token });
  const profile = (access: string) => t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${access}` } });
  const linkIn = (text: string | undefined) => {
    const token = /\/not-me\/#([\w-]{43})/.exec(text ?? '')?.[1];
    expect(token, text).toBeTruthy();
    return token!;
  };
  const passkeysOf = async (userId: number) =>
    (await t.db.selectFrom('passkeys').select('name').where('user_id', '=', userId).orderBy('id').execute()).map((p) => p.name);

  async function addPasskey(u: Session, name: string, device = new SoftAuthenticator(ORIGIN)) {
    const options = (await post(t, '/api/auth/passkeys/register/options/', { password: u.password }, { token: u.access })).json<Options>();
    const response = device.create(options);
    const res = await post(t, '/api/auth/passkeys/register/', { response, name }, { token: u.access });
    expect(res.statusCode, res.body).toBe(201);
    return { device, credentialId: response.id, id: res.json<{ id: number }>().id };
  }

  async function turnOnTwoFactor(u: Session) {
    const { secret } = (await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access })).json<{ secret: string }>();
    const on = await post(t, '/api/auth/2fa/enable/', { password: u.password, code: codeAt(secret, t.clock.now()) }, { token: u.access });
    expect(on.statusCode, on.body).toBe(200);
    t.clock.advance(30_000);
    return secret;
  }

  it('adding a passkey mails a notice; its link removes that passkey only, ends every session and lists what went', async () => {
    const u = await signedInUser(t);
    await addPasskey(u, 'Старый ключ');
    // 31 days later the owner's key is no longer recent; the thief, with the password, adds one.
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    const thief = (await post(t, '/api/auth/login/', { email: u.email, password: u.password })).json<Session>();
    const stolen = await addPasskey({ ...u, ...thief }, 'Ключ вора');
    const notice = t.mailer.last(u.email)!;
    expect(notice.subject).toBe('Копилка: добавлен ключ доступа');
    expect(notice.text).toContain('«Ключ вора»');
    expect(notice.text).toContain('«Это был не я»');
    const token = linkIn(notice.text);

    const res = await undo(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ detail: 'Ключ доступа удалён, все сеансы завершены', action: 'passkey_added' });
    expect(await passkeysOf(u.id)).toEqual(['Старый ключ']);
    expect((await profile(thief.access)).statusCode).toBe(401);
    const after = t.mailer.last(u.email)!;
    expect(after.subject).toBe('Копилка: изменение отменено по ссылке «Это был не я»');
    expect(after.text).toContain('удалён ключ доступа «Ключ вора»');
    // The thief's key signs nobody in.
    const loginOptions = (await post(t, '/api/auth/passkeys/login/options/', {})).json<{ challenge: string }>();
    const signIn = await post(t, '/api/auth/passkeys/login/', { response: stolen.device.get(stolen.credentialId, loginOptions) });
    expect(signIn.statusCode).toBe(400);
    expect((await undo(token)).json()).toEqual(BAD_LINK);
  });

  it('also takes back every passkey added in the 30 days before, not only the one it was sent for', async () => {
    const u = await signedInUser(t);
    await addPasskey(u, 'Первый');
    const firstLink = linkIn(t.mailer.last(u.email)!.text);
    await addPasskey(u, 'Второй');
    const secondLink = linkIn(t.mailer.last(u.email)!.text);
    // Another notice retired the first link.
    expect((await undo(firstLink)).json()).toEqual(BAD_LINK);
    const res = await undo(secondLink);
    expect(res.statusCode, res.body).toBe(200);
    expect(await passkeysOf(u.id)).toEqual([]);
    expect(t.mailer.last(u.email)!.text).toContain('Удалены ключи доступа, добавленные за последние 30 дней: «Первый».');
  });

  for (const [change, make] of [
    [
      'a password change',
      async (u: Session) => {
        const res = await changePassword(t, u, { new_password: 'a-new-password-1', new_password2: 'a-new-password-1' });
        expect(res.statusCode, res.body).toBe(200);
      },
    ],
    [
      'a password reset',
      async (u: Session) => {
        await post(t, '/api/auth/reset-password/', { email: u.email });
        const resetToken = /token=([\w-]+)/.exec(t.mailer.last(u.email)!.text)![1]!;
        const res = await post(t, '/api/auth/reset-password/confirm/', {
          token: resetToken,
          new_password: 'a-new-password-1',
          new_password2: 'a-new-password-1',
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    ],
    [
      'an e-mail change',
      async (u: Session) => {
        const to = `moved-${Math.random().toString(36).slice(2, 8)}@example.com`;
        expect((await post(t, '/api/auth/change-email/', { new_email: to, password: u.password }, { token: u.access })).statusCode).toBe(
          200,
        );
        const code = codeIn(t.mailer.last(to)?.text);
        const res = await post(t, '/api/auth/change-email/confirm/', { code }, { token: u.access });
        expect(res.statusCode, res.body).toBe(200);
      },
    ],
    [
      'two-step sign-in turned off',
      async (u: Session & { secret?: string }) => {
        const res = await post(
          t,
          '/api/auth/2fa/disable/',
          { password: u.password, code: codeAt(u.secret!, t.clock.now()) },
          { token: u.access, ip: nextIp() },
        );
        expect(res.statusCode, res.body).toBe(200);
      },
    ],
  ] as const) {
    it(`a week-old two-step link dies with ${change}`, async () => {
      const u = await signedInUser(t);
      const secret = await turnOnTwoFactor(u);
      const token = linkIn(t.mailer.last(u.email)!.text);
      t.clock.advance(6 * 24 * 60 * 60 * 1000);
      // A new sign-in (with the second step) for the change: the week-old session's sign-in is not recent.
      const fresh = await post(t, '/api/auth/login/', { email: u.email, password: u.password });
      const mfa = fresh.json<{ mfa_token: string }>().mfa_token;
      const second = await post(t, '/api/auth/login/2fa/', { mfa_token: mfa, code: codeAt(secret, t.clock.now()) });
      expect(second.statusCode, second.body).toBe(200);
      t.clock.advance(30_000);
      await make({ ...u, ...second.json<{ access: string; refresh: string }>(), secret });
      const res = await undo(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_LINK);
    });
  }

  it('the two-step link dies when it is turned off and on again; the newer notice’s link works', async () => {
    const u = await signedInUser(t);
    const secret = await turnOnTwoFactor(u);
    const old = linkIn(t.mailer.last(u.email)!.text);
    const off = await post(t, '/api/auth/2fa/disable/', { password: u.password, code: codeAt(secret, t.clock.now()) }, { token: u.access });
    expect(off.statusCode, off.body).toBe(200);
    await turnOnTwoFactor(u);
    const fresh = linkIn(t.mailer.last(u.email)!.text);
    expect((await undo(old)).json()).toEqual(BAD_LINK);
    const res = await undo(fresh);
    expect(res.json()).toEqual({ detail: 'Двухэтапная проверка отключена, все сеансы завершены', action: 'two_factor_enabled' });
    // The older address of the third release's notices still reaches the same links.
    expect((await post(t, '/api/auth/2fa/not-me/', { token: fresh })).json()).toEqual(BAD_LINK);
  });

  it('a passkey link undoes the passkey only: two-step sign-in turned on earlier stays on', async () => {
    const u = await signedInUser(t);
    await turnOnTwoFactor(u);
    await addPasskey(u, 'Ключ');
    const res = await undo(linkIn(t.mailer.last(u.email)!.text));
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.selectFrom('two_factor').select('enabled_at').where('user_id', '=', u.id).executeTakeFirst()).toEqual({
      enabled_at: expect.any(String) as string,
    });
    expect(await passkeysOf(u.id)).toEqual([]);
  });
});
