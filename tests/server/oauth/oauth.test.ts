import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalOAuthProviders, providerPerson, type LocalProviderId } from '../../e2e/support/oauth-provider.ts';
import { anyInstance } from '../support/inject-json.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { nextIp, post, signedInUser } from '../support/auth.ts';

const STATE_REFUSED = { detail: 'Вход не удался: он начат в другом браузере или уже завершён. Начните вход заново.' };
const LABEL: Record<LocalProviderId, string> = { vkid: 'VK ID', yandex: 'Яндекс ID' };

describe('signing in with VK ID and Yandex ID', () => {
  let t: TestApp;
  let providers: LocalOAuthProviders;
  beforeAll(async () => {
    providers = await new LocalOAuthProviders().start();
    t = await createTestApp({ env: providers.env() });
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  /** The login page's button: /start sets the cookie and sends the browser to the provider, which sends it back with a code. */
  async function begin(provider: LocalProviderId, person = providerPerson(`p${Math.random().toString(36).slice(2, 9)}@example.ru`)) {
    const started = await t.app.inject({ url: `/api/auth/oauth/${provider}/start/`, remoteAddress: nextIp() });
    expect(started.statusCode, started.body).toBe(302);
    const cookie = /^(kopilka_oauth=[\w-]+);/.exec(String(started.headers['set-cookie']))?.[1];
    expect(cookie).toBeTruthy();
    expect(String(started.headers['set-cookie'])).toMatch(/Path=\/api\/auth\/oauth; Max-Age=600; HttpOnly; SameSite=Lax/);
    const authorize = new URL(String(started.headers.location));
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback/');
    providers.signInAs(provider, person);
    const back = await fetch(authorize, { redirect: 'manual' });
    expect(back.status).toBe(302);
    const ret = new URL(back.headers.get('location')!);
    expect(ret.origin + ret.pathname).toBe('http://localhost:3000/auth/callback/');
    const q = Object.fromEntries(ret.searchParams);
    return { person, cookie: cookie!, body: { code: q.code!, state: q.state!, ...(q.device_id ? { device_id: q.device_id } : {}) } };
  }

  const callback = (body: object, cookie?: string) =>
    post(t, '/api/auth/oauth/callback/', body, { ip: nextIp(), headers: cookie ? { cookie } : {} });
  const ways = async (access: string) =>
    (await t.app.inject({ url: '/api/auth/oauth/links/', headers: { authorization: `Bearer ${access}` } })).json<{
      providers: { provider: string; email: string }[];
      has_password: boolean;
      passkeys: number;
    }>();

  it('tells which providers are on', async () => {
    const res = await t.app.inject({ url: '/api/auth/oauth/providers/' });
    expect(res.json()).toEqual({ vkid: true, yandex: true });
  });

  for (const provider of ['vkid', 'yandex'] as const) {
    describe(LABEL[provider], () => {
      it('a new person gets an account with the e-mail confirmed and no password, and comes back into it', async () => {
        const flow = await begin(provider);
        const res = await callback(flow.body, flow.cookie);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json<{ access: string; user: { email: string; is_email_verified: boolean; first_name: string } }>();
        expect(body.user).toMatchObject({ email: flow.person.email, is_email_verified: true, first_name: 'Мария' });
        expect(String(res.headers['set-cookie'])).toMatch(/^kopilka_oauth=; Path=\/api\/auth\/oauth; Max-Age=0/);
        expect(await ways(body.access)).toEqual({
          providers: [{ provider, email: flow.person.email, created_at: anyInstance(String) }],
          has_password: false,
          passkeys: 0,
        });
        // No password works for it, not even an empty one.
        const byPassword = await post(t, '/api/auth/login/', { email: flow.person.email, password: 'x' });
        expect(byPassword.statusCode).toBe(401);

        const again = await begin(provider, flow.person);
        const second = await callback(again.body, again.cookie);
        expect(second.statusCode, second.body).toBe(200);
        expect(second.json<{ user: { id: number } }>().user.id).toBe(res.json<{ user: { id: number } }>().user.id);
        // The token request carried the PKCE verifier and the app's keys.
        const sent = providers.tokenRequests.at(-1)!;
        expect(sent.provider).toBe(provider);
        expect(sent.form).toMatchObject({ grant_type: 'authorization_code', client_id: 'kopilka-test-client', code: again.body.code });
        expect(sent.form.code_verifier).toMatch(/^[\w-]{64}$/);
      });

      it('an existing account with that e-mail is linked only after its password', async () => {
        const u = await signedInUser(t);
        const flow = await begin(provider, providerPerson(u.email.toUpperCase()));
        const res = await callback(flow.body, flow.cookie);
        expect(res.statusCode, res.body).toBe(200);
        const pending = res.json<{ link_required: boolean; link_token: string; email: string; provider: string }>();
        expect(pending).toEqual({ link_required: true, link_token: anyInstance(String), email: u.email, provider });
        expect((await ways(u.access)).providers).toEqual([]);

        const wrong = await post(t, '/api/auth/oauth/link/', { link_token: pending.link_token, password: 'not-it-at-all' });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toEqual({ password: ['Неверный пароль'] });
        const right = await post(t, '/api/auth/oauth/link/', { link_token: pending.link_token, password: u.password });
        expect(right.statusCode, right.body).toBe(200);
        expect(right.json<{ user: { id: number } }>().user.id).toBe(u.id);
        const reused = await post(t, '/api/auth/oauth/link/', { link_token: pending.link_token, password: u.password });
        expect(reused.statusCode).toBe(400);
        expect(reused.json()).toEqual({ detail: 'Время для подтверждения истекло. Начните вход заново.' });
        expect((await ways(u.access)).providers).toEqual([{ provider, email: u.email, created_at: anyInstance(String) }]);

        // From now on the provider signs straight in.
        const again = await begin(provider, flow.person);
        const direct = await callback(again.body, again.cookie);
        expect(direct.json<{ user: { id: number } }>().user.id).toBe(u.id);
      });

      it('a linked provider mails a notice whose «Это был не я» link unlinks it and ends every session', async () => {
        const u = await signedInUser(t);
        const flow = await begin(provider, providerPerson(u.email));
        const pending = (await callback(flow.body, flow.cookie)).json<{ link_token: string }>();
        const linked = await post(t, '/api/auth/oauth/link/', { link_token: pending.link_token, password: u.password });
        expect(linked.statusCode, linked.body).toBe(200);
        const notice = t.mailer.last(u.email)!;
        expect(notice.subject).toBe(`Копилка: привязан ${LABEL[provider]}`);
        const token = /\/not-me\/#([\w-]{43})/.exec(notice.text)?.[1];
        expect(token, notice.text).toBeTruthy();
        const undone = await post(t, '/api/auth/not-me/', { token });
        expect(undone.statusCode, undone.body).toBe(200);
        expect(undone.json()).toEqual({ detail: `${LABEL[provider]} отвязан, все сеансы завершены`, action: 'provider_linked' });
        expect((await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${u.access}` } })).statusCode).toBe(401);
        const again = await post(t, '/api/auth/login/', { email: u.email, password: u.password });
        expect((await ways(again.json<{ access: string }>().access)).providers).toEqual([]);
      });

      it('holds the provider’s e-mail to the sign-up rule: an address without a domain is no address', async () => {
        const flow = await begin(provider, providerPerson('anna@localhost'));
        const res = await callback(flow.body, flow.cookie);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          detail: `${LABEL[provider]} не сообщил подтверждённый адрес e-mail. Войдите по паролю или подтвердите адрес у ${LABEL[provider]}.`,
        });
        expect(await t.db.selectFrom('users').select('id').where('email', '=', 'anna@localhost').execute()).toEqual([]);
      });

      it('a malformed user id or an oversized answer is the provider’s fault: 502 in words, not 503', async () => {
        const malformed = { ...providerPerson('ok@example.ru'), id: 'not an id!' };
        const flow = await begin(provider, malformed);
        const res = await callback(flow.body, flow.cookie);
        expect(res.statusCode).toBe(502);
        const words = { detail: `${LABEL[provider]} прислал ответ, который Копилка не понимает. Попробуйте позже или войдите по паролю.` };
        expect(res.json()).toEqual(words);
        const huge = await begin(provider, { ...providerPerson('big@example.ru'), extra: { padding: 'x'.repeat(200_000) } });
        const big = await callback(huge.body, huge.cookie);
        expect(big.statusCode).toBe(502);
        expect(big.json()).toEqual(words);
      });

      it('refuses a provider that vouches for no e-mail', async () => {
        const flow = await begin(provider, providerPerson(null));
        const res = await callback(flow.body, flow.cookie);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          detail: `${LABEL[provider]} не сообщил подтверждённый адрес e-mail. Войдите по паролю или подтвердите адрес у ${LABEL[provider]}.`,
        });
      });
    });
  }

  it('makes no account for a new person while registration is closed or by invitation; an existing link still signs in', async () => {
    await signedInUser(t); // not the first account: the mode applies
    const linked = await begin('vkid');
    expect((await callback(linked.body, linked.cookie)).statusCode).toBe(200);
    for (const [mode, detail] of [
      ['closed', 'Регистрация закрыта. Обратитесь к администратору.'],
      ['invite', 'Регистрация только по приглашению. Попросите приглашение у администратора.'],
    ] as const) {
      await t.services.admin.registration.setMode({ id: null, email: 'cli', ip: null }, mode);
      const flow = await begin('yandex');
      const res = await callback(flow.body, flow.cookie);
      expect(res.statusCode, mode).toBe(403);
      expect(res.json()).toEqual({ detail });
      expect(await t.db.selectFrom('users').select('id').where('email', '=', flow.person.email).execute()).toEqual([]);
      const again = await begin('vkid', linked.person);
      expect((await callback(again.body, again.cookie)).statusCode, mode).toBe(200);
    }
    await t.services.admin.registration.setMode({ id: null, email: 'cli', ip: null }, 'open');
  });

  it('refuses a mismatched state: another browser’s cookie, no cookie, a state never handed out', async () => {
    const flow = await begin('vkid');
    const other = await begin('vkid');
    for (const attempt of [
      callback(flow.body, other.cookie),
      callback(flow.body),
      callback({ ...flow.body, state: other.body.state + 'x' }, flow.cookie),
    ]) {
      const res = await attempt;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(STATE_REFUSED);
    }
    expect((await callback(flow.body, flow.cookie)).statusCode).toBe(200);
  });

  it('answers a return once: the same state again is refused', async () => {
    const flow = await begin('yandex');
    expect((await callback(flow.body, flow.cookie)).statusCode).toBe(200);
    const replay = await callback(flow.body, flow.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(STATE_REFUSED);
  });

  it('refuses a reused code, and a code taken to another sign-in (its PKCE verifier does not match)', async () => {
    for (const provider of ['vkid', 'yandex'] as const) {
      const first = await begin(provider);
      expect((await callback(first.body, first.cookie)).statusCode).toBe(200);
      const second = await begin(provider);
      const reused = await callback({ ...second.body, code: first.body.code }, second.cookie);
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ detail: `${LABEL[provider]} не подтвердил вход. Начните вход заново.` });

      const a = await begin(provider);
      const b = await begin(provider);
      const swapped = await callback({ ...b.body, code: a.body.code }, b.cookie);
      expect(swapped.statusCode).toBe(400);
    }
  });

  it('limits the sign-ins one address starts (each keeps a row for minutes): 120 in 15 minutes', async () => {
    const ip = nextIp();
    for (let i = 0; i < 120; i++)
      expect((await t.app.inject({ url: '/api/auth/oauth/yandex/start/', remoteAddress: ip })).statusCode).toBe(302);
    const over = await t.app.inject({ url: '/api/auth/oauth/vkid/start/', remoteAddress: ip });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeTruthy();
  });

  it('refuses a return after the ten minutes a sign-in waits', async () => {
    const flow = await begin('vkid');
    t.clock.advance(10 * 60_000 + 1);
    const res = await callback(flow.body, flow.cookie);
    expect(res.json()).toEqual(STATE_REFUSED);
  });

  it('still asks for the code from the app after a provider when two-step sign-in is on', async () => {
    const u = await signedInUser(t);
    const setup = (await post(t, '/api/auth/2fa/setup/', { password: u.password }, { token: u.access })).json<{ secret: string }>();
    const code = TOTP.generate({ secret: Secret.fromBase32(setup.secret), timestamp: t.clock.now().getTime() });
    expect((await post(t, '/api/auth/2fa/enable/', { password: u.password, code }, { token: u.access })).statusCode).toBe(200);
    const flow = await begin('yandex', providerPerson(u.email));
    const pending = (await callback(flow.body, flow.cookie)).json<{ link_token: string }>();
    const linked = await post(t, '/api/auth/oauth/link/', { link_token: pending.link_token, password: u.password });
    expect(linked.json()).toEqual({ mfa_required: true, mfa_token: anyInstance(String) });
    const again = await begin('yandex', flow.person);
    const res = await callback(again.body, again.cookie);
    expect(res.json()).toEqual({ mfa_required: true, mfa_token: anyInstance(String) });
  });

  it('unlinks a provider, but never the last way in', async () => {
    const flow = await begin('vkid');
    const { access } = (await callback(flow.body, flow.cookie)).json<{ access: string }>();
    const del = (provider: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/oauth/links/${provider}/`, headers: { authorization: `Bearer ${access}` } });
    const last = await del('vkid');
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({
      detail: 'Это последний способ входа в аккаунт. Сначала задайте пароль или добавьте другой способ входа.',
    });
    expect((await del('yandex')).statusCode).toBe(404);
    expect((await del('google')).statusCode).toBe(404);

    const u = await signedInUser(t);
    const linkFlow = await begin('vkid', providerPerson(u.email));
    const pending = (await callback(linkFlow.body, linkFlow.cookie)).json<{ link_token: string }>();
    expect((await post(t, '/api/auth/oauth/link/', { link_token: pending.link_token, password: u.password })).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/oauth/links/vkid/',
      headers: { authorization: `Bearer ${u.access}` },
    });
    expect(gone.statusCode).toBe(204);
    expect((await ways(u.access)).providers).toEqual([]);
  });
});

describe('a provider the operator has not switched on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is reported off, and its start says this sign-in is not available yet', async () => {
    expect((await t.app.inject({ url: '/api/auth/oauth/providers/' })).json()).toEqual({ vkid: false, yandex: false });
    const vk = await t.app.inject({ url: '/api/auth/oauth/vkid/start/' });
    expect(vk.statusCode).toBe(404);
    expect(vk.json()).toEqual({ detail: 'Вход через VK ID пока недоступен' });
    expect((await t.app.inject({ url: '/api/auth/oauth/yandex/start/' })).json()).toEqual({
      detail: 'Вход через Яндекс ID пока недоступен',
    });
  });
});
