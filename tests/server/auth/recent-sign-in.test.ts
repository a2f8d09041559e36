import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp, post, signedInUser } from '../support/auth.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mediaUploads } from '../support/uploads.ts';

const ORIGIN = 'http://localhost:3000';
const REAUTH_REQUIRED = { detail: 'Подтвердите вход', code: 'reauth_required' };
const MINUTE = 60_000;
const codeAt = (secret: string, at: Date) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string; allowCredentials?: { id: string }[] };

/**
 * Recent sign-in ("sudo mode"): what a stolen access token alone must not do needs a sign-in or a
 * re-confirmation (POST /api/auth/reauth/) within the last 30 minutes of the same session.
 */
describe('recent sign-in', () => {
  let t: TestApp;
  let uploads: ReturnType<typeof mediaUploads>;
  beforeAll(async () => {
    t = await createTestApp();
    uploads = mediaUploads(t);
  });
  afterAll(() => t.close());

  type Session = Awaited<ReturnType<typeof signedInUser>>;

  /** The session's tokens after 31 minutes: refreshed (as the web app does), so the same session, but its sign-in is no longer recent. */
  async function staleSession(u: Session): Promise<Session> {
    t.clock.advance(31 * MINUTE);
    const res = await post(t, '/api/auth/token/refresh/', { refresh: u.refresh });
    expect(res.statusCode, res.body).toBe(200);
    const { access, refresh } = res.json<{ access: string; refresh: string }>();
    return { ...u, access, refresh };
  }

  const as = (u: { access: string }) => ({ authorization: `Bearer ${u.access}` });
  const reauth = (u: { access: string }, body: unknown) => post(t, '/api/auth/reauth/', body, { token: u.access });

  /** Every action that needs a recent sign-in, as the given session asks for it: its answer. */
  async function guarded(u: Session) {
    const photo = await uploads.photo({ headers: as(u) }, 'Фото');
    const album = await t.app.inject({ method: 'POST', url: '/api/albums/', headers: as(u), payload: { title: 'Все' } });
    expect(album.statusCode, album.body).toBe(201);
    const albumId = album.json<{ id: number }>().id;
    const ask = (url: string, body: object) => post(t, url, body, { token: u.access });
    return {
      'add a passkey': await ask('/api/auth/passkeys/register/options/', { password: u.password }),
      '2fa setup': await ask('/api/auth/2fa/setup/', { password: u.password }),
      '2fa enable': await ask('/api/auth/2fa/enable/', { password: u.password, code: '123456' }),
      '2fa disable': await ask('/api/auth/2fa/disable/', { password: u.password, code: '123456' }),
      'new recovery codes': await ask('/api/auth/2fa/recovery-codes/', { password: u.password, code: '123456' }),
      'e-mail change': await ask('/api/auth/change-email/', { new_email: `n${Date.now()}@example.com`, password: u.password }),
      'export everything': await ask('/api/media/export/', {}),
      'export a selection': await ask('/api/media/export/', { items: [{ kind: 'photo', id: photo.id }] }),
      'a link that never expires': await ask('/api/shares/', { target: { kind: 'photo', id: photo.id }, expires_in_days: null }),
      'a link to an album': await ask('/api/shares/', { target: { album: albumId }, expires_in_days: 7 }),
      'a 7-day link to an item': await ask('/api/shares/', { target: { kind: 'photo', id: photo.id }, expires_in_days: 7 }),
    };
  }

  it('refuses each of them 30 minutes after the sign-in with 403 reauth_required; a 7-day link to an item is not one of them', async () => {
    const u = await staleSession(await signedInUser(t));
    const answers = await guarded(u);
    const { 'a 7-day link to an item': plain, ...rest } = answers;
    for (const [what, res] of Object.entries(rest)) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json(), what).toEqual(REAUTH_REQUIRED);
    }
    expect(plain.statusCode, plain.body).toBe(201);
    // Nothing was made.
    expect(await t.db.selectFrom('shares').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('two_factor').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);
  });

  it('a fresh sign-in counts as one: the same actions pass right after it', async () => {
    const u = await signedInUser(t);
    t.clock.advance(29 * MINUTE);
    const answers = await guarded({ ...u, ...(await post(t, '/api/auth/token/refresh/', { refresh: u.refresh })).json() });
    for (const what of ['add a passkey', '2fa setup', 'e-mail change', 'export everything', 'export a selection'] as const) {
      expect(answers[what].statusCode, `${what}: ${answers[what].body}`).toBe(200);
    }
    for (const what of ['a link that never expires', 'a link to an album', 'a 7-day link to an item'] as const) {
      expect(answers[what].statusCode, `${what}: ${answers[what].body}`).toBe(201);
    }
  });

  it('the password re-confirms the session for 30 minutes, then it is asked again; a wrong one does not', async () => {
    const u = await staleSession(await signedInUser(t));
    const wrong = await reauth(u, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ['Неверный пароль'] });
    expect((await post(t, '/api/media/export/', {}, { token: u.access })).json()).toEqual(REAUTH_REQUIRED);
    expect((await reauth(u, {})).json()).toEqual({ password: ['Неверный пароль'] });

    const right = await reauth(u, { password: u.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ detail: 'Вход подтверждён' });
    expect((await post(t, '/api/media/export/', {}, { token: u.access })).statusCode).toBe(200);

    const later = await staleSession(u);
    expect((await post(t, '/api/media/export/', {}, { token: later.access })).json()).toEqual(REAUTH_REQUIRED);
  });

  it('re-confirms only the session that asked, and needs a session', async () => {
    const u = await signedInUser(t);
    const other = (await post(t, '/api/auth/login/', { email: u.email, password: u.password })).json<{ access: string; refresh: string }>();
    const a = await staleSession(u);
    const b = (await post(t, '/api/auth/token/refresh/', { refresh: other.refresh })).json<{ access: string }>();
    expect((await reauth(a, { password: u.password })).statusCode).toBe(200);
    expect((await post(t, '/api/media/export/', {}, { token: a.access })).statusCode).toBe(200);
    expect((await post(t, '/api/media/export/', {}, { token: b.access })).json()).toEqual(REAUTH_REQUIRED);
    expect((await post(t, '/api/auth/reauth/', { password: u.password })).statusCode).toBe(401);
  });

  it('a passkey of the owner re-confirms; another account’s passkey does not', async () => {
    const device = new SoftAuthenticator(ORIGIN);
    const u = await signedInUser(t);
    const options = (await post(t, '/api/auth/passkeys/register/options/', { password: u.password }, { token: u.access })).json<Options>();
    const created = device.create(options);
    expect((await post(t, '/api/auth/passkeys/register/', { response: created }, { token: u.access })).statusCode).toBe(201);

    const stranger = new SoftAuthenticator(ORIGIN);
    const s = await signedInUser(t);
    const sOptions = (await post(t, '/api/auth/passkeys/register/options/', { password: s.password }, { token: s.access })).json<Options>();
    const strangerKey = stranger.create(sOptions);
    expect((await post(t, '/api/auth/passkeys/register/', { response: strangerKey }, { token: s.access })).statusCode).toBe(201);

    const stale = await staleSession(u);
    const askOptions = async () => {
      const res = await post(t, '/api/auth/reauth/passkey/options/', {}, { token: stale.access });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Options>();
    };
    const first = await askOptions();
    expect(first.allowCredentials?.map((c) => c.id)).toEqual([created.id]);
    const foreign = await reauth(stale, { passkey: stranger.get(strangerKey.id, first) });
    expect(foreign.statusCode).toBe(400);
    expect((await post(t, '/api/media/export/', {}, { token: stale.access })).json()).toEqual(REAUTH_REQUIRED);

    const own = await reauth(stale, { passkey: device.get(created.id, await askOptions()) });
    expect(own.statusCode, own.body).toBe(200);
    expect((await post(t, '/api/media/export/', {}, { token: stale.access })).statusCode).toBe(200);
    // The options' challenge is taken once.
    const replay = await reauth(stale, { passkey: device.get(created.id, first) });
    expect(replay.statusCode).toBe(400);
  });

  it('two-step sign-in changes keep asking for the password besides the recent sign-in', async () => {
    const u = await signedInUser(t);
    const setup = await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access });
    const { secret } = setup.json<{ secret: string }>();
    const noPassword = await post(t, '/api/auth/2fa/enable/', { code: codeAt(secret, t.clock.now()) }, { token: u.access });
    expect(noPassword.json()).toEqual({ password: ['Обязательное поле.'] });
    const on = await post(t, '/api/auth/2fa/enable/', { password: u.password, code: codeAt(secret, t.clock.now()) }, { token: u.access });
    expect(on.statusCode, on.body).toBe(200);
    const stale = await staleSession(u);
    const off = await post(
      t,
      '/api/auth/2fa/disable/',
      { password: u.password, code: codeAt(secret, t.clock.now()) },
      { token: stale.access },
    );
    expect(off.json()).toEqual(REAUTH_REQUIRED);
    expect((await reauth(stale, { password: u.password })).statusCode).toBe(200);
    const offNow = await post(
      t,
      '/api/auth/2fa/disable/',
      { password: u.password, code: codeAt(secret, t.clock.now()) },
      { token: stale.access, ip: nextIp() },
    );
    expect(offNow.statusCode, offNow.body).toBe(200);
  });
});
