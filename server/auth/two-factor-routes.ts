import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PresentUser } from '../accounts/present.ts';
import { currentUser } from './guard.ts';
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
  presentUser: PresentUser;
}

/**
 * /api/auth/2fa/*: the signed-in owner's sign-in codes from an authenticator app (each change with the current
 * password; not-me/ undoes turning them on).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRouteOptions> = async (app, { twoFactor }) => {
  app.get('/auth/2fa', { schema: { response: { 200: twoFactorStatusAnswer } } }, async (request) => {
    return twoFactor.status(currentUser(request));
  });

  app.post(
    '/auth/2fa/setup',
    {
      preHandler: requireRecentSignIn,
      schema: { body: twoFactorSetupBody, response: { 200: twoFactorSetupAnswer } },
    },
    async (request) => {
      return twoFactor.setup(currentUser(request), { password: request.body.password });
    },
  );

  app.post(
    '/auth/2fa/enable',
    {
      preHandler: requireRecentSignIn,
      schema: { body: twoFactorEnableBody, response: { 200: recoveryCodesAnswer } },
    },
    async (request) => {
      const { password, code } = request.body;
      return twoFactor.enable(currentUser(request), request.sessionId, { password }, code, request.ip);
    },
  );

  app.post(
    '/auth/2fa/disable',
    { preHandler: requireRecentSignIn, schema: { body: twoFactorDisableBody, response: { 200: detailAnswer } } },
    async (request) => {
      const { password, code } = request.body;
      await twoFactor.disable(currentUser(request), { password }, code, request.ip);
      return { detail: 'Двухэтапная проверка отключена' };
    },
  );

  app.post(
    '/auth/2fa/recovery-codes',
    { preHandler: requireRecentSignIn, schema: { body: recoveryCodesBody, response: { 200: recoveryCodesAnswer } } },
    async (request) => {
      const { password, code } = request.body;
      return twoFactor.newRecoveryCodes(currentUser(request), { password }, code, request.ip);
    },
  );
};

/** /api/auth/login/2fa/: the login's second step, before there is a session. */
export const twoFactorLoginRoutes: FastifyPluginAsyncZod<TwoFactorRouteOptions> = async (app, { twoFactor, presentUser }) => {
  app.post('/auth/login/2fa', { schema: { body: loginSecondStepBody, response: { 200: loginAnswer } } }, async (request) => {
    const { mfa_token, code } = request.body;
    const { tokens, user } = await twoFactor.completeLogin(mfa_token, code, request.ip, sessionMeta(request));
    return { ...tokens, user: presentUser(user) };
  });
};
