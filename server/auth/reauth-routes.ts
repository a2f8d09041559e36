import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PASSWORD_MAX } from '../../contract/limits.ts';
import { currentUser } from './guard.ts';
import type { Reauth } from './reauth.ts';
import { detailAnswer } from './schemas.ts';

export interface ReauthRouteOptions {
  reauth: Reauth;
}

/** `{password}` or `{passkey: <the browser's answer to the reauth options>}`. */
const reauthBody = z.object({
  password: z.string().max(PASSWORD_MAX, 'Слишком длинный пароль.').optional(),
  passkey: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Recent sign-in ("sudo mode"): POST /api/auth/reauth/ re-confirms the session's sign-in with the current
 * password or a passkey (its options from POST /api/auth/reauth/passkey/options/). Behind the session.
 */
export const reauthRoutes: FastifyPluginAsyncZod<ReauthRouteOptions> = async (app, { reauth }) => {
  app.post('/auth/reauth', { schema: { body: reauthBody, response: { 200: detailAnswer } } }, async (request) => {
    const { password, passkey } = request.body;
    if (passkey !== undefined) await reauth.withPasskey(currentUser(request), request.sessionId, passkey);
    else await reauth.withPassword(currentUser(request), request.sessionId, password);
    return { detail: 'Вход подтверждён' };
  });

  app.post('/auth/reauth/passkey/options', { schema: { response: { 200: z.record(z.string(), z.unknown()) } } }, async (request) => {
    return reauth.passkeyOptions(currentUser(request), request.headers.origin);
  });
};
