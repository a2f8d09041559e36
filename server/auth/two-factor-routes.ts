import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PresentUser } from '../accounts/present.ts';
import { currentUser, type Guard } from './guard.ts';
import { requireRecentSignIn } from './recent-sign-in.ts';
import {
  detailAnswer,
  loginAnswer,
  loginSecondStepBody,
  recoveryCodesAnswer,
  recoveryCodesBody,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorSetupAnswer,
  twoFactorSetupBody,
  twoFactorStatusAnswer,
} from './schemas.ts';
import { sessionMeta } from './sign-in.ts';
import type { TwoFactor } from './two-factor.ts';

export interface TwoFactorRouteOptions {
  twoFactor: TwoFactor;
  guard: Guard;
  presentUser: PresentUser;
}

/**
 * /api/auth/2fa/* (sign-in codes from an authenticator app: each change with the current password;
 * not-me/ undoes turning them on) and /api/auth/login/2fa/ (the login's second step).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRouteOptions> = async (app, { twoFactor, guard, presentUser }) => {
  app.get('/auth/2fa', { preValidation: guard, schema: { response: { 200: twoFactorStatusAnswer } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return twoFactor.status(currentUser(request));
  });

  app.post(
    '/auth/2fa/setup',
    {
      preValidation: guard,
      preHandler: requireRecentSignIn,
      schema: { body: twoFactorSetupBody, response: { 200: twoFactorSetupAnswer } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return twoFactor.setup(currentUser(request), { password: request.body.password });
    },
  );

  app.post(
    '/auth/2fa/enable',
    {
      preValidation: guard,
      preHandler: requireRecentSignIn,
      schema: { body: twoFactorEnableBody, response: { 200: recoveryCodesAnswer } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { password, code } = request.body;
      return twoFactor.enable(currentUser(request), request.sessionId, { password }, code, request.ip);
    },
  );

  app.post(
    '/auth/2fa/disable',
    { preValidation: guard, preHandler: requireRecentSignIn, schema: { body: twoFactorDisableBody, response: { 200: detailAnswer } } },
    async (request) => {
      const { password, code } = request.body;
      await twoFactor.disable(currentUser(request), { password }, code, request.ip);
      return { detail: 'Двухэтапная проверка отключена' };
    },
  );

  app.post(
    '/auth/2fa/recovery-codes',
    { preValidation: guard, preHandler: requireRecentSignIn, schema: { body: recoveryCodesBody, response: { 200: recoveryCodesAnswer } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { password, code } = request.body;
      return twoFactor.newRecoveryCodes(currentUser(request), { password }, code, request.ip);
    },
  );

  app.post('/auth/login/2fa', { schema: { body: loginSecondStepBody, response: { 200: loginAnswer } } }, async (request) => {
    const { mfa_token, code } = request.body;
    const { tokens, user } = await twoFactor.completeLogin(mfa_token, code, request.ip, sessionMeta(request));
    return { ...tokens, user: presentUser(user) };
  });
};
