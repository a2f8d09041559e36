import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/guard.ts';
import { requireRecentSignIn } from '../auth/recent-sign-in.ts';
import type { EmailChange } from './email-change.ts';
import type { PresentUser } from '../accounts/present.ts';
import { detailAnswer, emailChangeBody, emailChangeConfirmBody } from './schemas.ts';
import { userWire } from '../accounts/user-json.ts';

export interface EmailChangeRouteOptions {
  emailChange: EmailChange;
  presentUser: PresentUser;
}

/** /api/auth/change-email/*: a new address for the signed-in owner, confirmed by a code sent to it. */
export const emailChangeRoutes: FastifyPluginAsyncZod<EmailChangeRouteOptions> = async (app, { emailChange, presentUser }) => {
  app.post(
    '/auth/change-email',
    { preHandler: requireRecentSignIn, schema: { body: emailChangeBody, response: { 200: detailAnswer } } },
    async (request) => {
      const { new_email, password } = request.body;
      await emailChange.request(currentUser(request), new_email, password, request.ip);
      return { detail: 'Код подтверждения отправлен на новый адрес' };
    },
  );

  app.post('/auth/change-email/confirm', { schema: { body: emailChangeConfirmBody, response: { 200: userWire } } }, async (request) => {
    const user = await emailChange.confirm(currentUser(request), request.body.code, request.ip);
    return presentUser(user);
  });
};
