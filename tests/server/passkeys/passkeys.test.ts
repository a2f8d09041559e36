import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailErrorSchema } from '../../../contract/errors.ts';
import { anyInstance, errorOf } from '../support/inject-json.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';
import { nextIp, post, signedInUser } from '../support/auth.ts';

const ORIGIN = 'http://localhost:3000';
const CHALLENGE_GONE = { detail: 'Запрос ключа доступа устарел. Попробуйте ещё раз.' };
const NOT_ACCEPTED = { detail: 'Ключ доступа не подошёл. Попробуйте ещё раз или войдите по паролю.' };
const UNKNOWN = { detail: 'Этот ключ доступа не найден в Копилке. Войдите по паролю.' };
const WRONG_ADDRESS = {
  detail: 'Ключи доступа работают только по адресу http://localhost:3000. Откройте Копилку по этому адресу и повторите.',
};

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string };

describe('passkeys: adding one with the password, signing in with it, and every refusal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const authed = (access: string) => ({ authorization: `Bearer ${access}` });
  const list = async (access: string) =>
    (await t.app.inject({ url: '/api/auth/passkeys/', headers: authed(access) })).json<Record<string, unknown>[]>();

  /** A signed-in user with a passkey held by `device`. */
  async function withPasskey(device = new SoftAuthenticator(ORIGIN), name = 'Ноутбук') {
    const u = await signedInUser(t);
    const opts = await post(t, '/api/auth/passkeys/register/options/', { password: u.password }, { token: u.access });
    expect(opts.statusCode, opts.body).toBe(200);
    const options = opts.json<Options>();
    const response = device.create(options);
    const res = await post(t, '/api/auth/passkeys/register/', { response, name }, { token: u.access });
    expect(res.statusCode, res.body).toBe(201);
    return { ...u, device, credentialId: response.id, passkey: res.json<{ id: number }>() };
  }

  const loginOptions = async () => {
    const res = await post(t, '/api/auth/passkeys/login/options/', {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Options>();
  };
  const login = (response: unknown, ip = nextIp()) => post(t, '/api/auth/passkeys/login/', { response }, { ip });

  it('adds a passkey after the current password; the options name the site of PUBLIC_URL and ask for a discoverable key', async () => {
    const u = await signedInUser(t);
    const wrong = await post(t, '/api/auth/passkeys/register/options/', { password: 'not-the-password' }, { token: u.access });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ['Неверный пароль'] });

    const opts = await post(t, '/api/auth/passkeys/register/options/', { password: u.password }, { token: u.access });
    expect(opts.statusCode).toBe(200);
    expect(opts.headers['cache-control']).toBe('no-store');
    const options = opts.json<Options & { authenticatorSelection: Record<string, string> }>();
    expect(options.rp).toEqual({ name: 'Копилка', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const device = new SoftAuthenticator(ORIGIN);
    const res = await post(t, '/api/auth/passkeys/register/', { response: device.create(options), name: 'Телефон' }, { token: u.access });
    expect(res.statusCode, res.body).toBe(201);
    expect(await list(u.access)).toEqual([
      { id: anyInstance(Number), name: 'Телефон', created_at: t.clock.now().toISOString(), last_used_at: null },
    ]);
  });

  it('needs a session to add one, and a guest with the options of someone else gets nothing', async () => {
    const res = await post(t, '/api/auth/passkeys/register/options/', { password: 'x' });
    expect(res.statusCode).toBe(401);
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const options = (await post(t, '/api/auth/passkeys/register/options/', { password: a.password }, { token: a.access })).json<Options>();
    const stolen = await post(
      t,
      '/api/auth/passkeys/register/',
      { response: new SoftAuthenticator(ORIGIN).create(options) },
      { token: b.access },
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual(CHALLENGE_GONE);
  });

  it('signs in with the passkey alone: tokens and the user, its last use noted', async () => {
    const u = await withPasskey();
    t.clock.advance(60_000);
    const options = await loginOptions();
    expect(options.rpId).toBe('localhost');
    const res = await login(u.device.get(u.credentialId, options));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ access: string; refresh: string; user: { email: string } }>();
    expect(body.user.email).toBe(u.email);
    expect((await list(body.access))[0]!.last_used_at).toBe(t.clock.now().toISOString());
  });

  it('counts as both factors: no code from the app is asked after a passkey', async () => {
    const u = await withPasskey();
    const setup = await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access });
    const { secret } = setup.json<{ secret: string }>();
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });
    const on = await post(t, '/api/auth/2fa/enable/', { password: u.password, code }, { token: u.access });
    expect(on.statusCode, on.body).toBe(200);
    const byPassword = await post(t, '/api/auth/login/', { email: u.email, password: u.password });
    expect(byPassword.json()).toMatchObject({ mfa_required: true });
    const res = await login(u.device.get(u.credentialId, await loginOptions()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('access');
  });

  it('refuses a replayed challenge: the same answer twice, and an answer to a challenge never handed out', async () => {
    const u = await withPasskey();
    const answer = u.device.get(u.credentialId, await loginOptions());
    expect((await login(answer)).statusCode).toBe(200);
    const again = await login(answer);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(CHALLENGE_GONE);
    const made = await login(u.device.get(u.credentialId, { challenge: 'bWFkZS11cC1jaGFsbGVuZ2U', rpId: 'localhost' }));
    expect(made.json()).toEqual(CHALLENGE_GONE);
  });

  it('refuses a challenge past its five minutes', async () => {
    const u = await withPasskey();
    const options = await loginOptions();
    t.clock.advance(5 * 60_000 + 1);
    const res = await login(u.device.get(u.credentialId, options));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(CHALLENGE_GONE);
  });

  it('refuses an answer made for another origin or another site, and does not let its challenge be tried again', async () => {
    const u = await withPasskey();
    const options = await loginOptions();
    const phished = await login(u.device.get(u.credentialId, options, { origin: 'http://kopilka.evil.test' }));
    expect(phished.statusCode).toBe(400);
    expect(phished.json()).toEqual(WRONG_ADDRESS);
    const retried = await login(u.device.get(u.credentialId, options));
    expect(retried.json()).toEqual(CHALLENGE_GONE);
    const otherSite = await login(u.device.get(u.credentialId, await loginOptions(), { rpId: 'evil.test' }));
    expect(otherSite.json()).toEqual(NOT_ACCEPTED);

    const registration = (
      await post(t, '/api/auth/passkeys/register/options/', { password: u.password }, { token: u.access })
    ).json<Options>();
    const wrongOrigin = await post(
      t,
      '/api/auth/passkeys/register/',
      { response: u.device.create(registration, { origin: 'http://kopilka.evil.test' }) },
      { token: u.access },
    );
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json()).toEqual(WRONG_ADDRESS);
    expect(await list(u.access)).toHaveLength(1);
  });

  it('refuses an unknown credential: one never added, and one its owner removed', async () => {
    const stranger = new SoftAuthenticator(ORIGIN);
    const never = stranger.create({ challenge: 'eA', rp: { id: 'localhost' }, user: { id: 'dXNlcg' } });
    const res = await login(stranger.get(never.id, await loginOptions()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(UNKNOWN);

    const u = await withPasskey();
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${u.passkey.id}/`, headers: authed(u.access) });
    expect(gone.statusCode).toBe(204);
    const after = await login(u.device.get(u.credentialId, await loginOptions()));
    expect(after.statusCode).toBe(400);
    expect(after.json()).toEqual(UNKNOWN);
  });

  it('names a passkey in a path by its digits only: " 7", 0x7, 7e0 name none', async () => {
    const u = await withPasskey();
    const id = u.passkey.id;
    for (const alias of [` ${id}`, `0x${id.toString(16)}`, `${id}e0`, `+${id}`, `${id}.0`, `0${id}`]) {
      const url = `/api/auth/passkeys/${encodeURIComponent(alias)}/`;
      const renamed = await t.app.inject({ method: 'PATCH', url, headers: authed(u.access), payload: { name: 'Чужое' } });
      expect(renamed.statusCode, alias).toBe(404);
      const removed = await t.app.inject({ method: 'DELETE', url, headers: authed(u.access) });
      expect(removed.statusCode, alias).toBe(404);
    }
    expect(await list(u.access)).toEqual([expect.objectContaining({ id, name: 'Ноутбук' })]);
  });

  it('asked from another address than PUBLIC_URL, says which address passkeys work on', async () => {
    const u = await signedInUser(t);
    const res = await post(
      t,
      '/api/auth/passkeys/register/options/',
      { password: u.password },
      { token: u.access, headers: { origin: 'http://127.0.0.1:3000' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(WRONG_ADDRESS);
    const same = await post(
      t,
      '/api/auth/passkeys/register/options/',
      { password: u.password },
      { token: u.access, headers: { origin: ORIGIN } },
    );
    expect(same.statusCode).toBe(200);
    const login = await post(t, '/api/auth/passkeys/login/options/', {}, { headers: { origin: 'http://127.0.0.1:3000' } });
    expect(login.json()).toEqual(WRONG_ADDRESS);
  });

  it('adding one mails the owner a notice with a «Это был не я» link', async () => {
    const u = await withPasskey(new SoftAuthenticator(ORIGIN), 'Планшет');
    const notice = t.mailer.last(u.email)!;
    expect(notice.subject).toBe('Копилка: добавлен ключ доступа');
    expect(notice.text).toContain('ключ доступа «Планшет»');
    expect(notice.text).toMatch(/http:\/\/localhost:3000\/not-me\/#[\w-]{43}/);
  });

  it('renames and removes only the owner’s own passkeys', async () => {
    const u = await withPasskey();
    const other = await signedInUser(t);
    const url = `/api/auth/passkeys/${u.passkey.id}/`;
    const renamed = await t.app.inject({ method: 'PATCH', url, headers: authed(u.access), payload: { name: '  Рабочий ноутбук ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Рабочий ноутбук' });
    const blank = await t.app.inject({ method: 'PATCH', url, headers: authed(u.access), payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['Это поле не может быть пустым.'] });
    expect((await t.app.inject({ method: 'PATCH', url, headers: authed(other.access), payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: authed(other.access) })).statusCode).toBe(404);
    expect(await list(u.access)).toHaveLength(1);
  });

  it('limits the sign-in challenges one address asks for: 120 in 15 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 120; i++) expect((await post(t, '/api/auth/passkeys/login/options/', {}, { ip })).statusCode).toBe(200);
    const over = await post(t, '/api/auth/passkeys/login/options/', {}, { ip });
    expect(over.statusCode).toBe(429);
    expect(errorOf(over, detailErrorSchema).detail).toMatch(/^Слишком много попыток/);
  });

  it('answers malformed answers with field errors, never a 500', async () => {
    for (const response of [
      null,
      'x',
      { id: 'a' },
      { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '!!!', authenticatorData: 'a', signature: 'a' } },
    ]) {
      const res = await login(response);
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
