import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { BLANK, codeField, parseBody, passwordField } from '../accounts/validation.ts';
import { currentUser, requireUser } from './guard.ts';
import { AuthService } from './service.ts';
import { sessionMeta, signInAnswer } from './sign-in.ts';

/** A code from the app (6 digits) or a recovery code: numbers are taken as text, like DRF's CharField does. */
const secondStepCode = () =>
  z
    .union([z.string(), z.number().int().nonnegative()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, BLANK).max(64, 'Неверный или просроченный код'));

const enableBody = z.object({ code: codeField() });
const disableBody = z.object({ password: passwordField(), code: secondStepCode() });
const loginSecondStepBody = z.object({ mfa_token: z.string().min(1, BLANK).max(256), code: secondStepCode() });

/** /api/auth/2fa/* (sign-in codes from an authenticator app) and /api/auth/login/2fa/ (the login's second step). */
export async function twoFactorRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { twoFactor } = new AuthService(deps, app.log);
  const signedIn = requireUser(deps);

  app.get('/auth/2fa', { preHandler: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return twoFactor.status(currentUser(request));
  });

  app.post('/auth/2fa/setup', { preHandler: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return twoFactor.setup(currentUser(request));
  });

  app.post('/auth/2fa/enable', { preHandler: signedIn }, async (request, reply) => {
    const { code } = parseBody(enableBody, request.body);
    reply.header('Cache-Control', 'no-store');
    return twoFactor.enable(currentUser(request), code, request.ip);
  });

  app.post('/auth/2fa/disable', { preHandler: signedIn }, async (request) => {
    const { password, code } = parseBody(disableBody, request.body);
    await twoFactor.disable(currentUser(request), password, code, request.ip);
    return { detail: 'Двухэтапная проверка отключена' };
  });

  app.post('/auth/login/2fa', async (request) => {
    const { mfa_token, code } = parseBody(loginSecondStepBody, request.body);
    return signInAnswer(request, deps, await twoFactor.completeLogin(mfa_token, code, request.ip, sessionMeta(request)));
  });
}
