import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { currentUser, requireUser } from '../auth/guard.ts';
import { EmailChange } from './email-change.ts';
import { presentUser } from './present.ts';
import { codeField, emailField, parseBody, passwordField } from './validation.ts';

const requestBody = z.object({ new_email: emailField(), password: passwordField() });
const confirmBody = z.object({ code: codeField() });

/** /api/auth/change-email/*: a new address for the signed-in owner, confirmed by a code sent to it. */
export async function emailChangeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const emailChange = EmailChange.create(deps, app.log);
  const signedIn = requireUser(deps);

  app.post('/auth/change-email', { preHandler: signedIn }, async (request) => {
    const { new_email, password } = parseBody(requestBody, request.body);
    await emailChange.request(currentUser(request), new_email, password, request.ip);
    return { detail: 'Код подтверждения отправлен на новый адрес' };
  });

  app.post('/auth/change-email/confirm', { preHandler: signedIn }, async (request, reply) => {
    const { code } = parseBody(confirmBody, request.body);
    const user = await emailChange.confirm(currentUser(request), code, request.ip);
    reply.header('Cache-Control', 'no-store');
    return presentUser(request, deps, user);
  });
}
