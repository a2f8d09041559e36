import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminInviteSchema,
  createdInviteSchema,
  INVITE_INVALID,
  INVITE_OTHER_EMAIL,
  INVITE_REQUIRED,
  inviteCheckSchema,
  REGISTRATION_CLOSED,
  registrationStatusSchema,
} from '../../../contract/admin.ts';
import { z } from 'zod';
import { bodyOf } from '../support/inject-json.ts';
import { newUserBody, post, signedInUser } from '../support/auth.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('registration: open, by invitation, closed', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const headers = () => ({ authorization: `Bearer ${admin.access}` });
  const mode = async () => bodyOf(await t.app.inject({ url: '/api/auth/registration/' }), registrationStatusSchema).mode;
  const setMode = async (registration: string) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/', headers: headers(), payload: { registration } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const invite = async (email?: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/invites/', headers: headers(), payload: email ? { email } : {} });
    expect(res.statusCode, res.body).toBe(201);
    return bodyOf(res, createdInviteSchema);
  };
  const tokenOf = (url: string) => /#invite=([\w-]+)$/.exec(url)![1]!;
  const signUp = (overrides: Record<string, unknown> = {}) => post(t, '/api/auth/register/', newUserBody(overrides));
  const check = (token: string) => post(t, '/api/auth/registration/invite/', { invite: token });

  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTRATION: 'closed' } });
  });
  afterAll(() => t.close());

  it('lets the first account of an empty server in whatever REGISTRATION says, as staff; then the server is closed', async () => {
    expect(await mode()).toBe('open');
    admin = await signedInUser(t);
    const me = await t.app.inject({ url: '/api/auth/profile/', headers: headers() });
    expect(me.json()).toMatchObject({ is_staff: true });
    expect(await mode()).toBe('closed');
    const refused = await signUp();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: REGISTRATION_CLOSED });
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('follows the admin area’s switch, which wins over REGISTRATION', async () => {
    await setMode('open');
    expect(await mode()).toBe('open');
    const opened = await signUp();
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ is_staff: false });
    await setMode('closed');
    expect((await signUp()).statusCode).toBe(403);
  });

  it('with invitations only: none refused, a link works once, for 7 days, and says so before the form is filled', async () => {
    await setMode('invite');
    expect(await mode()).toBe('invite');
    const without = await signUp();
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ detail: INVITE_REQUIRED });

    const made = await invite();
    expect(made.url).toMatch(/^http:\/\/localhost:3000\/register\/#invite=[\w-]{22}$/);
    const token = tokenOf(made.url);
    expect(bodyOf(await check(token), inviteCheckSchema)).toEqual({ email: null, expires_at: made.expires_at });
    expect(Date.parse(made.expires_at) - t.clock.now().getTime()).toBe(7 * DAY);

    const joined = await signUp({ invite: token, email: 'invited@example.com' });
    expect(joined.statusCode, joined.body).toBe(201);
    const again = await signUp({ invite: token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ invite: [INVITE_INVALID] });
    expect((await check(token)).statusCode).toBe(404);
    expect((await check(token)).json()).toEqual({ detail: INVITE_INVALID });

    const list = bodyOf(await t.app.inject({ url: '/api/admin/invites/', headers: headers() }), z.array(adminInviteSchema));
    expect(list.find((i) => i.id === made.id)).toMatchObject({ state: 'used', used_by: 'invited@example.com', created_by: admin.email });

    const late = await invite();
    t.clock.advance(7 * DAY + 1000);
    expect((await check(tokenOf(late.url))).statusCode).toBe(404);
    expect((await signUp({ invite: tokenOf(late.url) })).json()).toEqual({ invite: [INVITE_INVALID] });
    // A week on, the admin's access token is long expired: a fresh sign-in for the tests below.
    const login = await post(t, '/api/auth/login/', { email: admin.email, password: admin.password });
    admin = { ...admin, access: login.json<{ access: string }>().access };
  });

  it('binds an invitation to one address (mailed to it), keeps it for a sign-up that failed, and ends it when revoked', async () => {
    await setMode('invite');
    const made = await invite('Olga@Example.com');
    expect(made.email).toBe('olga@example.com');
    expect(t.mailer.last('olga@example.com')!.text).toContain(made.url);
    const token = tokenOf(made.url);
    expect(bodyOf(await check(token), inviteCheckSchema).email).toBe('olga@example.com');

    const other = await signUp({ invite: token, email: 'someone@example.com' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ email: [INVITE_OTHER_EMAIL] });
    // A sign-up refused after its invitation was accepted (here: the address is taken) leaves the invitation good.
    const forTaken = tokenOf((await invite(admin.email)).url);
    const taken = await signUp({ invite: forTaken, email: admin.email });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'unique' });
    expect((await check(forTaken)).statusCode).toBe(200);
    const joined = await signUp({ invite: token, email: 'olga@example.com' });
    expect(joined.statusCode, joined.body).toBe(201);

    const revoked = await invite();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/invites/${revoked.id}/`, headers: headers() });
    expect(del.statusCode).toBe(204);
    expect((await signUp({ invite: tokenOf(revoked.url) })).json()).toEqual({ invite: [INVITE_INVALID] });
    const twice = await t.app.inject({ method: 'DELETE', url: `/api/admin/invites/${revoked.id}/`, headers: headers() });
    expect(twice.statusCode).toBe(400);
  });

  it('takes a link once when two sign-ups race with it', async () => {
    await setMode('invite');
    const token = tokenOf((await invite()).url);
    const results = await Promise.all([signUp({ invite: token }), signUp({ invite: token }), signUp({ invite: token })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
  });

  it('takes an invitation in open mode too, and refuses a bad one', async () => {
    await setMode('open');
    expect((await signUp({ invite: 'x'.repeat(22) })).json()).toEqual({ invite: [INVITE_INVALID] });
    const token = tokenOf((await invite()).url);
    expect((await signUp({ invite: token })).statusCode).toBe(201);
  });
});
