import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PresentUser } from '../accounts/present.ts';
import { currentUser } from '../auth/guard.ts';
import type { AdminServices } from './services.ts';
import { requireRecentSignIn } from '../auth/recent-sign-in.ts';
import {
  auditAnswer,
  auditQuery,
  createdInviteAnswer,
  idParams,
  inviteBody,
  invitesAnswer,
  jobWire,
  jobsAnswer,
  meAnswer,
  quotaBody,
  settingsAnswer,
  settingsBody,
  staffBody,
  statusAnswer,
  storageAnswer,
  storageCheckAnswer,
  uploadParams,
  adminUsersAnswer,
  adminUserWire,
  userActionAnswer,
  usersQuery,
} from './schemas.ts';
import { actorOf } from './staff-guard.ts';

export interface AdminRouteOptions {
  admin: AdminServices;
  presentUser: PresentUser;
  /** USER_QUOTA_BYTES, shown beside the accounts without a quota of their own. */
  defaultQuotaBytes: number | null;
}

/**
 * /api/admin/*: staff only (401 for a guest, 403 «Недостаточно прав.» for a member). Reads answer with what
 * the area shows, never a member's files; every change needs a recent sign-in (signed in or re-confirmed in
 * the last 30 minutes) and is written to the audit log by the service that makes it. Nothing here is cached.
 */
export const adminRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const { admin, presentUser } = opts;
  // Every change needs a recent sign-in of the admin's session (403 reauth_required otherwise; the area asks
  // «Подтвердите вход» and repeats it).
  const change = { preHandler: requireRecentSignIn };
  const { accounts, registration, operations, audit } = admin;

  app.get('/admin/me', { schema: { summary: 'The signed-in staff member', response: { 200: meAnswer } } }, async (request) =>
    presentUser(currentUser(request)),
  );

  app.get('/admin/status', { schema: { summary: 'Health, version, database, storage, migrations', response: { 200: statusAnswer } } }, () =>
    operations.status(),
  );

  // ── accounts ────────────────────────────────────────────────────────────────────────────
  app.get(
    '/admin/users',
    { schema: { summary: 'Accounts, searched by e-mail or name', querystring: usersQuery, response: { 200: adminUsersAnswer } } },
    async (request) => ({ users: await accounts.list(request.query.search ?? null), default_quota_bytes: opts.defaultQuotaBytes }),
  );

  app.get('/admin/users/:id', { schema: { params: idParams, response: { 200: adminUserWire } } }, (request) =>
    accounts.get(request.params.id),
  );

  const action = { ...change, schema: { params: idParams, response: { 200: userActionAnswer } } };

  app.post('/admin/users/:id/disable', action, async (request) => {
    const { user, ended } = await accounts.disable(actorOf(request), request.params.id);
    return { detail: `Вход запрещён, завершено сеансов: ${ended}.`, user };
  });

  app.post('/admin/users/:id/enable', action, async (request) => ({
    detail: 'Вход снова разрешён.',
    user: await accounts.enable(actorOf(request), request.params.id),
  }));

  app.post(
    '/admin/users/:id/quota',
    { ...change, schema: { params: idParams, body: quotaBody, response: { 200: userActionAnswer } } },
    async (request) => ({
      detail: 'Квота сохранена.',
      user: await accounts.setQuota(actorOf(request), request.params.id, request.body.quota_bytes),
    }),
  );

  app.post('/admin/users/:id/end-sessions', action, async (request) => {
    const ended = await accounts.endSessions(actorOf(request), request.params.id);
    return { detail: `Завершено сеансов: ${ended}.`, user: await accounts.get(request.params.id) };
  });

  app.post('/admin/users/:id/reset-link', action, async (request) => {
    await accounts.resetLink(actorOf(request), request.params.id, { send: true });
    return { detail: 'Ссылка для нового пароля отправлена на адрес пользователя.', user: await accounts.get(request.params.id) };
  });

  app.post('/admin/users/:id/verify-email', action, async (request) => ({
    detail: 'Адрес подтверждён.',
    user: await accounts.verifyEmail(actorOf(request), request.params.id),
  }));

  app.post('/admin/users/:id/two-factor-off', action, async (request) => ({
    detail: 'Двухэтапная проверка отключена.',
    user: await accounts.twoFactorOff(actorOf(request), request.params.id),
  }));

  app.post('/admin/users/:id/passkeys-clear', action, async (request) => ({
    detail: 'Ключи доступа и привязанные аккаунты удалены.',
    user: await accounts.clearWaysIn(actorOf(request), request.params.id),
  }));

  app.post(
    '/admin/users/:id/staff',
    { ...change, schema: { params: idParams, body: staffBody, response: { 200: userActionAnswer } } },
    async (request) => {
      const user = await accounts.setStaff(actorOf(request), request.params.id, request.body.is_staff);
      return { detail: user.is_staff ? 'Теперь это администратор.' : 'Права администратора сняты.', user };
    },
  );

  app.post('/admin/users/:id/uploads-cancel', action, async (request) => {
    const cancelled = await accounts.cancelUploads(actorOf(request), request.params.id);
    return { detail: `Отменено загрузок: ${cancelled}.`, user: await accounts.get(request.params.id) };
  });

  app.delete('/admin/users/:id', { ...change, schema: { params: idParams, response: { 204: z.void() } } }, async (request, reply) => {
    await accounts.remove(actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  // ── invitations and registration ────────────────────────────────────────────────────────
  app.get('/admin/invites', { schema: { response: { 200: invitesAnswer } } }, () => registration.listInvites());

  app.post('/admin/invites', { ...change, schema: { body: inviteBody, response: { 201: createdInviteAnswer } } }, async (request, reply) =>
    reply.status(201).send(await registration.createInvite(actorOf(request), request.body.email)),
  );

  app.delete('/admin/invites/:id', { ...change, schema: { params: idParams, response: { 204: z.void() } } }, async (request, reply) => {
    await registration.revokeInvite(actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/admin/settings', { schema: { response: { 200: settingsAnswer } } }, () => registration.settings());

  app.put('/admin/settings', { ...change, schema: { body: settingsBody, response: { 200: settingsAnswer } } }, (request) =>
    registration.setMode(actorOf(request), request.body.registration),
  );

  // ── the server ──────────────────────────────────────────────────────────────────────────
  app.get(
    '/admin/audit',
    { schema: { summary: 'The audit log, newest first', querystring: auditQuery, response: { 200: auditAnswer } } },
    (request) => audit.page(request.query.before ?? null),
  );

  app.get('/admin/jobs', { schema: { response: { 200: jobsAnswer } } }, () => operations.jobs());

  app.post('/admin/jobs/:id/retry', { ...change, schema: { params: idParams, response: { 200: jobWire } } }, (request) =>
    operations.retryJob(actorOf(request), request.params.id),
  );

  app.get('/admin/storage', { schema: { summary: 'Space used and unfinished uploads', response: { 200: storageAnswer } } }, () =>
    operations.storage(),
  );

  app.post(
    '/admin/storage/check',
    {
      schema: { summary: 'What the storage reconciliation would remove (nothing is removed)', response: { 200: storageCheckAnswer } },
    },
    () => operations.checkStorage(),
  );

  app.delete('/admin/uploads/:id', { ...change, schema: { params: uploadParams, response: { 204: z.void() } } }, async (request, reply) => {
    await accounts.cancelUpload(actorOf(request), request.params.id);
    return reply.status(204).send();
  });
};
