import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { undoLinkBody } from './schemas.ts';
import type { NotMe } from './not-me.ts';

export interface NotMeRouteOptions {
  notMe: NotMe;
}

/** What a used link answers: the page's words, and which change it undid. */
const undoneAnswer = z.strictObject({
  detail: z.string(),
  action: z.enum(['two_factor_enabled', 'passkey_added', 'provider_linked']),
});

/**
 * «Это был не я» from a notice's link: POST /api/auth/not-me/ {token}, with no session (whoever made the
 * change may hold them all). /api/auth/2fa/not-me/, the address of the third release's notices, does the same.
 */
export const notMeRoutes: FastifyPluginAsyncZod<NotMeRouteOptions> = async (app, { notMe }) => {
  for (const url of ['/auth/not-me', '/auth/2fa/not-me']) {
    app.post(url, { schema: { body: undoLinkBody, response: { 200: undoneAnswer } } }, async (request) => {
      return notMe.undo(request.body.token, request.ip);
    });
  }
};
