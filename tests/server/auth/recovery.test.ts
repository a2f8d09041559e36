import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareSchema, type Share } from '../../../contract/shares.ts';
import { changePassword, codeIn, confirmOwnPhone, post, signedInUser } from '../support/auth.ts';
import { INVALID_LINK, shareSteps } from '../support/shares.ts';
import { SoftAuthenticator } from '../support/soft-authenticator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { mediaUploads } from '../support/uploads.ts';

const ORIGIN = 'http://localhost:3000';
const DAY = 24 * 60 * 60 * 1000;
const REAUTH_REQUIRED = { detail: 'Подтвердите вход', code: 'reauth_required' };

type Options = { challenge: string; rp: { id: string }; user: { id: string } };
type Session = Awaited<ReturnType<typeof signedInUser>>;

/**
 * Account recovery: a password change, a reset (e-mail link or SMS code) and «Это был не я» end the other
 * sessions; a reset and «Это был не я» remove the passkeys and provider links added in the 30 days before;
 * each pauses the share links made in those 30 days by a session it ended, until the owner turns them back
 * on; the mail after it lists what went.
 */
describe('account recovery', () => {
  let t: TestApp;
  let s: ReturnType<typeof shareSteps>;
  let uploads: ReturnType<typeof mediaUploads>;
  beforeAll(async () => {
    t = await createTestApp();
    s = shareSteps(t);
    uploads = mediaUploads(t);
  });
  afterAll(() => t.close());

  const as = (u: { access: string }) => ({ headers: { authorization: `Bearer ${u.access}` } });
  const login = async (u: Session): Promise<Session> => ({
    ...u,
    ...(await post(t, '/api/auth/login/', { email: u.email, password: u.password })).json<{ access: string; refresh: string }>(),
  });
  const listShares = async (u: { access: string }) =>
    (await t.app.inject({ url: '/api/shares/', ...as(u) })).json<Share[]>().map((x) => shareSchema.parse(x));
  const passkeysOf = async (userId: number) =>
    (await t.db.selectFrom('passkeys').select('name').where('user_id', '=', userId).orderBy('id').execute()).map((p) => p.name);

  async function addPasskey(u: Session, name: string) {
    const device = new SoftAuthenticator(ORIGIN);
    const options = (await post(t, '/api/auth/passkeys/register/options/', { password: u.password }, { token: u.access })).json<Options>();
    const response = device.create(options);
    const res = await post(t, '/api/auth/passkeys/register/', { response, name }, { token: u.access });
    expect(res.statusCode, res.body).toBe(201);
    return { device, credentialId: response.id };
  }

  async function resetByEmail(u: Session, password = 'a-brand-new-pass') {
    expect((await post(t, '/api/auth/reset-password/', { email: u.email })).statusCode).toBe(200);
    const token = /token=([\w-]+)/.exec(t.mailer.last(u.email)!.text)![1]!;
    const res = await post(t, '/api/auth/reset-password/confirm/', { token, new_password: password, new_password2: password });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('a reset by e-mail removes the passkeys and provider links added in the 30 days before; the thief’s key signs in no more', async () => {
    const u = await signedInUser(t);
    await addPasskey(u, 'Ключ хозяина');
    await t.db
      .insertInto('oauth_links')
      .values({ user_id: u.id, provider: 'yandex', subject: `old-${u.id}`, email: u.email, created_at: t.clock.now().toISOString() })
      .execute();
    t.clock.advance(40 * DAY);
    // Someone with the password signs in, adds a passkey (the owner is mailed), and a provider is linked.
    const thief = await login(u);
    const stolen = await addPasskey(thief, 'Ключ вора');
    await t.db
      .insertInto('oauth_links')
      .values({ user_id: u.id, provider: 'vkid', subject: `thief-${u.id}`, email: u.email, created_at: t.clock.now().toISOString() })
      .execute();

    await resetByEmail(u);
    expect(await passkeysOf(u.id)).toEqual(['Ключ хозяина']);
    expect(await t.db.selectFrom('oauth_links').select('provider').where('user_id', '=', u.id).execute()).toEqual([{ provider: 'yandex' }]);
    const mail = t.mailer.last(u.email)!;
    expect(mail.subject).toBe('Копилка: пароль изменён');
    expect(mail.text).toContain('Удалены ключи доступа, добавленные за последние 30 дней: «Ключ вора».');
    expect(mail.text).toContain('Отвязаны аккаунты, привязанные за последние 30 дней: VK ID.');
    expect((await t.app.inject({ url: '/api/auth/profile/', ...as(thief) })).statusCode).toBe(401);
    const options = (await post(t, '/api/auth/passkeys/login/options/', {})).json<{ challenge: string }>();
    const signIn = await post(t, '/api/auth/passkeys/login/', { response: stolen.device.get(stolen.credentialId, options) });
    expect(signIn.statusCode).toBe(400);
  });

  it('a reset by SMS code removes them too', async () => {
    const phone = `+7999${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const u = await signedInUser(t, { phone });
    await confirmOwnPhone(t, u, phone);
    await addPasskey(u, 'Новый ключ');
    expect((await post(t, '/api/auth/request-password-reset-code/', { phone })).statusCode).toBe(200);
    const code = codeIn(t.sms.last(phone)?.text);
    const res = await post(t, '/api/auth/reset-password/confirm/', { phone, code, new_password: 'a-brand-new-pass' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await passkeysOf(u.id)).toEqual([]);
  });

  it('a password change keeps the ways in, but pauses the recent links of the other sessions: they answer as revoked until turned back on', async () => {
    const owner = await signedInUser(t);
    const photo = await uploads.photo({ headers: as(owner).headers }, 'Дача');
    const old = await s.make(as(owner), { kind: 'photo', id: photo.id }, { expires_in_days: null });
    t.clock.advance(31 * DAY);
    const own = await login(owner);
    const thief = await login(owner);
    const mine = await s.make(as(own), { kind: 'photo', id: photo.id }, { expires_in_days: 30 });
    const theirs = await s.make(as(thief), { kind: 'photo', id: photo.id }, { expires_in_days: null, allow_download: true });
    const theirUrls = s.urlsOf(await s.view(theirs.token));
    await s.expectServed(theirUrls);
    await addPasskey(own, 'Мой ключ');

    const changed = await changePassword(t, own, { new_password: 'a-brand-new-pass', new_password2: 'a-brand-new-pass' });
    expect(changed.statusCode, changed.body).toBe(200);
    const now = changed.json<{ access: string }>();
    expect(await passkeysOf(owner.id)).toEqual(['Мой ключ']);
    // The thief's link: 404 with the revoked answer, and every URL it handed out stops.
    const paused = await s.open(theirs.token);
    expect(paused.statusCode).toBe(404);
    expect(paused.json()).toEqual(INVALID_LINK);
    await s.expectGone(theirUrls);
    // The links of the session that changed it, and the older ones, are not paused.
    expect((await s.open(mine.token)).statusCode).toBe(200);
    expect((await s.open(old.token)).statusCode).toBe(200);
    const listed = await listShares(now);
    const byId = (id: number) => listed.find((x) => x.id === id)!;
    expect(byId(theirs.id)).toMatchObject({ paused_at: expect.any(String) as string, active: false });
    expect(byId(mine.id)).toMatchObject({ paused_at: null, active: true });
    expect(byId(old.id)).toMatchObject({ paused_at: null, active: true });
    expect(t.mailer.last(owner.email)!.text).toContain(
      'Приостановлены ссылки для просмотра, созданные за последние 30 дней в завершённых сеансах: «Дача».',
    );

    // One click turns it back on (the new session signed in just now).
    const resumed = await t.app.inject({ method: 'POST', url: `/api/shares/${theirs.id}/resume/`, ...as(now) });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(shareSchema.parse(resumed.json())).toMatchObject({ id: theirs.id, paused_at: null, active: true });
    expect((await s.open(theirs.token)).statusCode).toBe(200);
    await s.expectServed(s.urlsOf(await s.view(theirs.token)));
  });

  it('turning a lasting link back on needs a recent sign-in; nobody else can turn it on', async () => {
    const owner = await signedInUser(t);
    const photo = await uploads.photo({ headers: as(owner).headers }, 'Кот');
    const other = await login(owner);
    const link = await s.make(as(other), { kind: 'photo', id: photo.id }, { expires_in_days: null });
    await resetByEmail(owner, 'a-brand-new-pass');
    const fresh = await login({ ...owner, password: 'a-brand-new-pass' });
    const stranger = await signedInUser(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/shares/${link.id}/resume/`, ...as(stranger) })).statusCode).toBe(404);
    t.clock.advance(31 * 60_000);
    const later = (await post(t, '/api/auth/token/refresh/', { refresh: fresh.refresh })).json<{ access: string }>();
    const refused = await t.app.inject({ method: 'POST', url: `/api/shares/${link.id}/resume/`, ...as(later) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(REAUTH_REQUIRED);
    expect((await s.open(link.token)).statusCode).toBe(404);
    expect((await post(t, '/api/auth/reauth/', { password: 'a-brand-new-pass' }, { token: later.access })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/shares/${link.id}/resume/`, ...as(later) })).statusCode).toBe(200);
    expect((await s.open(link.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/shares/0x1/resume/', ...as(later) })).statusCode).toBe(404);
  });

  it('«Это был не я» pauses the recent links of every session', async () => {
    const owner = await signedInUser(t);
    const photo = await uploads.photo({ headers: as(owner).headers }, 'Море');
    const link = await s.make(as(owner), { kind: 'photo', id: photo.id }, { expires_in_days: 7 });
    await addPasskey(owner, 'Ключ');
    const token = /\/not-me\/#([\w-]{43})/.exec(t.mailer.last(owner.email)!.text)![1]!;
    expect((await post(t, '/api/auth/not-me/', { token })).statusCode).toBe(200);
    expect((await s.open(link.token)).json()).toEqual(INVALID_LINK);
    expect(t.mailer.last(owner.email)!.text).toContain('«Море»');
  });
});
