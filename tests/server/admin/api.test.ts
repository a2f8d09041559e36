import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminInviteSchema,
  adminJobSchema,
  adminSettingsSchema,
  adminStatusSchema,
  adminStorageSchema,
  adminUsersSchema,
  adminUserSchema,
  auditPageSchema,
  createdInviteSchema,
  NOT_STAFF,
  storageCheckSchema,
} from '../../../contract/admin.ts';
import { userSchema } from '../../../contract/account.ts';
import { MIGRATION_NAMES } from '../../../server/db/migrate.ts';
import { bodyOf } from '../support/inject-json.ts';
import { PASSWORD, post, signedInUser } from '../support/auth.ts';
import { tusClient } from '../support/tus.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { z } from 'zod';
import { Secret, TOTP } from 'otpauth';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('/api/admin/', () => {
  let t: TestApp;
  const routes: { method: string; url: string }[] = [];
  let staff: Awaited<ReturnType<typeof signedInUser>>;
  // (reassigned when a test refreshes its tokens)
  let member: Awaited<ReturnType<typeof signedInUser>>;

  const call = (method: Method, url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: '203.0.113.7',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });
  const auditRows = () => t.db.selectFrom('admin_audit').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp({
      app: {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) if (route.url.startsWith('/api/admin')) routes.push({ method, url: route.url });
        },
      },
    });
    staff = await signedInUser(t); // the first account of the server
    member = await signedInUser(t);
  });
  afterAll(() => t.close());

  it('makes the first account of an empty server staff, and the next a member (is_staff in the profile)', async () => {
    const profile = async (access: string) =>
      bodyOf(await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${access}` } }), userSchema);
    expect((await profile(staff.access)).is_staff).toBe(true);
    expect((await profile(member.access)).is_staff).toBe(false);
  });

  /** A concrete URL of a route: its parameters filled with ids that exist (or not: refused before they matter). */
  const concrete = (url: string) => url.replace(':id', String(member.id));

  it('refuses every route to a guest (401) and to a member (403 «Недостаточно прав.»), whatever the body', async () => {
    const admin = routes.filter((r) => r.method !== 'HEAD');
    expect(admin.length).toBeGreaterThan(20);
    for (const { method, url } of admin) {
      const path = concrete(url);
      const guest = await call(method as Method, path, undefined, method === 'GET' ? undefined : { bad: 'body' });
      expect(guest.statusCode, `guest ${method} ${url}`).toBe(401);
      const refused = await call(method as Method, path, member.access, method === 'GET' ? undefined : { bad: 'body' });
      expect(refused.statusCode, `member ${method} ${url}`).toBe(403);
      expect(refused.json(), `member ${method} ${url}`).toEqual({ detail: NOT_STAFF });
    }
    // Nothing a member tried reached an account.
    expect(await auditRows()).toEqual([]);
    expect((await t.services.admin.accounts.get(member.id)).is_active).toBe(true);
  });

  it('answers staff the reads the area shows, uncached, in the contract’s shapes', async () => {
    const get = async <S extends z.ZodType>(url: string, schema: S) => {
      const res = await call('GET', url, staff.access);
      expect(res.headers['cache-control'], url).toBe('no-store');
      return bodyOf(res, schema);
    };
    const users = await get('/api/admin/users/', adminUsersSchema);
    expect(users.users.map((u) => u.email)).toEqual([staff.email, member.email]);
    expect(users.users[0]).toMatchObject({ is_staff: true, is_active: true, files: 0, bytes: 0, two_factor: false, passkeys: 0 });
    expect(users.users[1]!.last_seen_at).not.toBeNull();
    expect((await get(`/api/admin/users/?search=${encodeURIComponent(member.email.toUpperCase())}`, adminUsersSchema)).users).toHaveLength(
      1,
    );
    expect((await get('/api/admin/users/?search=%D0%B0%D0%BD%D0%BD%D0%B0', adminUsersSchema)).users).toHaveLength(2); // «анна», any case
    expect(await get(`/api/admin/users/${member.id}/`, adminUserSchema)).toMatchObject({ id: member.id, is_staff: false });
    expect((await call('GET', '/api/admin/users/999999/', staff.access)).statusCode).toBe(404);
    expect(await get('/api/admin/settings/', adminSettingsSchema)).toEqual({
      registration: 'open',
      registration_env: 'open',
      registration_source: 'env',
    });
    const status = await get('/api/admin/status/', adminStatusSchema);
    expect(status).toMatchObject({ users: 2, staff: 1, registration: 'open', ready: true });
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.migrations.at(-1)).toMatchObject({ name: MIGRATION_NAMES.at(-1) });
    expect(status.migrations.every((m) => m.executed_at !== null)).toBe(true);
    expect(await get('/api/admin/storage/', adminStorageSchema)).toMatchObject({ used_bytes: 0, files: 0, uploads: [] });
    expect(Array.isArray(await get('/api/admin/jobs/', z.array(adminJobSchema)))).toBe(true);
    expect(Array.isArray(await get('/api/admin/invites/', z.array(adminInviteSchema)))).toBe(true);
    expect((await get('/api/admin/audit/', auditPageSchema)).entries).toEqual([]);
    expect(bodyOf(await call('POST', '/api/admin/storage/check/', staff.access), storageCheckSchema).objects).toEqual([]);
    expect(bodyOf(await call('GET', '/api/admin/me/', staff.access), userSchema).email).toBe(staff.email);
  });

  it('writes every change to the audit log: who, what, whom, when, from which address', async () => {
    const victim = await signedInUser(t);
    await t.services.worker!.stop();
    const job = await t.services.queue.enqueue({
      kind: 'purge-files',
      payload: { keys: ['u/0/x'] },
      runAfter: new Date(t.clock.now().getTime() + 3_600_000),
    });
    const invite = bodyOf(await call('POST', '/api/admin/invites/', staff.access, { email: 'guest@example.com' }), createdInviteSchema);
    // Two unfinished uploads of the victim: one cancelled by id, the other with «cancel all».
    const tus = tusClient(t.app);
    const uploadIds: string[] = [];
    for (const title of ['секрет', 'ещё']) {
      const created = await tus.create({ authorization: `Bearer ${victim.access}` }, 100, { kind: 'audio', title, filename: 'secret.wav' });
      expect(created.statusCode, created.body).toBe(201);
      uploadIds.push(created.headers.location!.split('/').filter(Boolean).at(-1)!);
    }
    const storage = bodyOf(await call('GET', '/api/admin/storage/', staff.access), adminStorageSchema);
    expect(storage.uploads.map((u) => u.id).sort()).toEqual([...uploadIds].sort());
    // What the upload is (its title, its file name) is the owner's: the area sees whose, what kind, how big.
    expect(JSON.stringify(storage)).not.toMatch(/секрет|secret\.wav/);

    /** How to call each change: every non-GET route of /api/admin/ must be here (a new one fails the test until it is). */
    const changes: Record<string, { url: string; body?: object; status: number; action: string }> = {
      'POST /api/admin/users/:id/disable': { url: `/api/admin/users/${victim.id}/disable/`, status: 200, action: 'user.disable' },
      'POST /api/admin/users/:id/enable': { url: `/api/admin/users/${victim.id}/enable/`, status: 200, action: 'user.enable' },
      'POST /api/admin/users/:id/quota': {
        url: `/api/admin/users/${victim.id}/quota/`,
        body: { quota_bytes: 1024 },
        status: 200,
        action: 'user.quota',
      },
      'POST /api/admin/users/:id/end-sessions': {
        url: `/api/admin/users/${victim.id}/end-sessions/`,
        status: 200,
        action: 'user.sessions_end',
      },
      'POST /api/admin/users/:id/reset-link': { url: `/api/admin/users/${victim.id}/reset-link/`, status: 200, action: 'user.reset_link' },
      'POST /api/admin/users/:id/verify-email': {
        url: `/api/admin/users/${victim.id}/verify-email/`,
        status: 200,
        action: 'user.verify_email',
      },
      'POST /api/admin/users/:id/two-factor-off': {
        url: `/api/admin/users/${victim.id}/two-factor-off/`,
        status: 200,
        action: 'user.two_factor_off',
      },
      'POST /api/admin/users/:id/passkeys-clear': {
        url: `/api/admin/users/${victim.id}/passkeys-clear/`,
        status: 200,
        action: 'user.passkeys_clear',
      },
      'POST /api/admin/users/:id/staff': {
        url: `/api/admin/users/${victim.id}/staff/`,
        body: { is_staff: true },
        status: 200,
        action: 'user.staff',
      },
      'DELETE /api/admin/uploads/:id': { url: `/api/admin/uploads/${uploadIds[0]}/`, status: 204, action: 'upload.cancel' },
      'POST /api/admin/users/:id/uploads-cancel': {
        url: `/api/admin/users/${victim.id}/uploads-cancel/`,
        status: 200,
        action: 'user.uploads_cancel',
      },
      'POST /api/admin/invites': { url: '/api/admin/invites/', body: {}, status: 201, action: 'invite.create' },
      'DELETE /api/admin/invites/:id': { url: `/api/admin/invites/${invite.id}/`, status: 204, action: 'invite.revoke' },
      'PUT /api/admin/settings': {
        url: '/api/admin/settings/',
        body: { registration: 'invite' },
        status: 200,
        action: 'settings.registration',
      },
      'POST /api/admin/jobs/:id/retry': { url: `/api/admin/jobs/${job.id}/retry/`, status: 200, action: 'job.retry' },
      'DELETE /api/admin/users/:id': { url: `/api/admin/users/${victim.id}/`, status: 204, action: 'user.delete' },
    };
    // The storage check changes nothing: a read that is a POST only because it does work.
    const reads = new Set(['POST /api/admin/storage/check']);
    const declared = routes
      .filter((r) => r.method !== 'GET' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/\/$/, '')}`)
      .filter((key) => !reads.has(key));
    expect(new Set(declared)).toEqual(new Set(Object.keys(changes)));

    const before = (await auditRows()).length;
    for (const [key, change] of Object.entries(changes)) {
      const method = key.split(' ')[0] as Method;
      const at = (await auditRows()).length;
      const res = await call(method, change.url, staff.access, change.body);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(change.status);
      const rows = (await auditRows()).slice(at);
      expect(rows, key).toHaveLength(1);
      expect(rows[0], key).toMatchObject({
        actor_id: staff.id,
        actor_email: staff.email,
        action: change.action,
        ip: '203.0.113.7',
        created_at: t.clock.now().toISOString(),
      });
    }
    expect((await auditRows()).length - before).toBe(Object.keys(changes).length);

    // The area reads them back, newest first, with whom each was about.
    expect(await t.db.selectFrom('uploads').select('id').where('user_id', '=', victim.id).execute()).toEqual([]);
    const page = bodyOf(await call('GET', '/api/admin/audit/', staff.access), auditPageSchema);
    expect(page.entries[0]).toMatchObject({ actor: staff.email, action: 'user.delete', target: victim.email, ip: '203.0.113.7' });
    expect(page.entries.map((e) => e.action)).toContain('invite.create');
  });

  it('acts on accounts: disable ends sessions, a reset link is e-mailed, two-step sign-in goes, a quota is checked', async () => {
    await t.services.admin.registration.setMode({ id: null, email: 'cli', ip: null }, 'open'); // the test above closed it
    const anna = await signedInUser(t);
    const headers = { authorization: `Bearer ${staff.access}` };
    const disabled = await t.app.inject({ method: 'POST', url: `/api/admin/users/${anna.id}/disable/`, headers });
    expect(disabled.json()).toMatchObject({ user: { is_active: false } });
    expect((await t.app.inject({ url: '/api/auth/profile/', headers: { authorization: `Bearer ${anna.access}` } })).statusCode).toBe(401);
    expect((await post(t, '/api/auth/login/', { email: anna.email, password: PASSWORD })).statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${anna.id}/enable/`, headers });

    await t.app.inject({ method: 'POST', url: `/api/admin/users/${anna.id}/reset-link/`, headers });
    const mail = t.mailer.last(anna.email)!;
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const reset = await post(t, '/api/auth/reset-password/confirm/', {
      token,
      new_password: 'new-password-9',
      new_password2: 'new-password-9',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = (await post(t, '/api/auth/login/', { email: anna.email, password: 'new-password-9' })).json<{ access: string }>();
    expect(signedIn.access).toBeTruthy();

    const quota = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${anna.id}/quota/`,
      headers,
      payload: { quota_bytes: 5 * 1024 * 1024 },
    });
    expect(bodyOf(quota, z.object({ user: adminUserSchema })).user.quota_bytes).toBe(5 * 1024 * 1024);
    const bad = await t.app.inject({ method: 'POST', url: `/api/admin/users/${anna.id}/quota/`, headers, payload: { quota_bytes: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ quota_bytes: ['Квота должна быть больше нуля.'] });

    // Locked out of two-step sign-in: staff turn it off, the owner is told, the password alone signs in again.
    const setup = await post(t, '/api/auth/2fa/setup/', { password: 'new-password-9' }, { token: signedIn.access });
    const { secret } = setup.json<{ secret: string }>();
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });
    expect((await post(t, '/api/auth/2fa/enable/', { password: 'new-password-9', code }, { token: signedIn.access })).statusCode).toBe(200);
    expect((await post(t, '/api/auth/login/', { email: anna.email, password: 'new-password-9' })).json()).toMatchObject({
      mfa_required: true,
    });
    const off = await t.app.inject({ method: 'POST', url: `/api/admin/users/${anna.id}/two-factor-off/`, headers });
    expect(bodyOf(off, z.object({ user: adminUserSchema })).user.two_factor).toBe(false);
    expect(t.mailer.last(anna.email)!.subject).toBe('Копилка: двухэтапная проверка отключена администратором');
    const again = await post(t, '/api/auth/login/', { email: anna.email, password: 'new-password-9' });
    expect(again.json()).toHaveProperty('access');

    // The admin cannot take their own way back in.
    for (const url of [`/api/admin/users/${staff.id}/disable/`, `/api/admin/users/${staff.id}/`]) {
      const self = await t.app.inject({ method: url.endsWith('disable/') ? 'POST' : 'DELETE', url, headers });
      expect(self.statusCode).toBe(400);
      expect(self.json()).toEqual({ detail: 'Это действие нельзя применить к своей учётной записи.' });
    }
    const selfStaff = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${staff.id}/staff/`,
      headers,
      payload: { is_staff: false },
    });
    expect(selfStaff.statusCode).toBe(400);
  });

  it('needs a recent sign-in for every change (reads go on), and goes on after POST /api/auth/reauth/', async () => {
    const target = await signedInUser(t);
    t.clock.advance(31 * 60 * 1000); // past the 30-minute window, and past the access token's 15 minutes
    const refreshed = await post(t, '/api/auth/token/refresh/', { refresh: staff.refresh });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const pair = refreshed.json<{ access: string; refresh: string }>();
    staff = { ...staff, ...pair };
    expect((await call('GET', '/api/admin/users/', staff.access)).statusCode).toBe(200);
    const before = (await auditRows()).length;
    for (const [method, url, body] of [
      ['POST', `/api/admin/users/${target.id}/disable/`, undefined],
      ['PUT', '/api/admin/settings/', { registration: 'closed' }],
      ['POST', '/api/admin/invites/', {}],
    ] as const) {
      const refused = await call(method, url, staff.access, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({ detail: 'Подтвердите вход', code: 'reauth_required' });
    }
    expect((await auditRows()).length).toBe(before);
    expect((await t.services.admin.accounts.get(target.id)).is_active).toBe(true);

    const reauth = await post(t, '/api/auth/reauth/', { password: staff.password }, { token: staff.access });
    expect(reauth.statusCode, reauth.body).toBe(200);
    expect((await call('POST', `/api/admin/users/${target.id}/disable/`, staff.access)).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/api/admin/users/',
      '/api/admin/users/{id}/disable/',
      '/api/admin/invites/',
      '/api/admin/settings/',
      '/api/admin/audit/',
    ])
      expect(Object.keys(doc.paths), path).toContain(path);
  });
});
