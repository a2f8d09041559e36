import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PresentUser } from '../accounts/present.ts';
import { currentUser } from '../auth/guard.ts';
import { sessionMeta, signInAnswer as shapeSignIn } from '../auth/sign-in.ts';
import { callbackAnswer, callbackBody, linkBody, providerParams, providersAnswer, signInAnswer, waysAnswer } from './schemas.ts';
import { BINDING_COOKIE, STATE_TTL_MS, type OAuthSignIn } from './service.ts';

export interface OAuthRouteOptions {
  oauth: OAuthSignIn;
  presentUser: PresentUser;
  /** PUBLIC_URL is https: the cookie is sent over https only. */
  secureCookie: boolean;
}

const COOKIE_PATH = '/api/auth/oauth';

/** The binding cookie's value from the request, if any. */
function bindingOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === BINDING_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}

function setBinding(reply: FastifyReply, value: string, maxAgeSeconds: number, secure: boolean) {
  reply.header(
    'Set-Cookie',
    `${BINDING_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

/** /api/auth/oauth/*: VK ID and Yandex ID sign-in (start, return, link after the password), before there is a session. */
export const oauthRoutes: FastifyPluginAsyncZod<OAuthRouteOptions> = async (app, { oauth, presentUser, secureCookie }) => {
  app.get('/auth/oauth/providers', { schema: { response: { 200: providersAnswer } } }, async () => oauth.available());

  // The browser is sent here by the login page's button, and on to the provider with the cookie that binds the return to it.
  app.get('/auth/oauth/:provider/start', { schema: { params: providerParams, response: { 302: z.void() } } }, async (request, reply) => {
    const { location, binding } = await oauth.start(request.params.provider, request.ip);
    setBinding(reply, binding, STATE_TTL_MS / 1000, secureCookie);
    return reply.redirect(location, 302);
  });

  app.post('/auth/oauth/callback', { schema: { body: callbackBody, response: { 200: callbackAnswer } } }, async (request, reply) => {
    const { code, state, device_id } = request.body;
    const result = await oauth.complete({ code, state, deviceId: device_id }, bindingOf(request), request.ip, sessionMeta(request));
    setBinding(reply, '', 0, secureCookie);
    if ('linkRequired' in result) {
      const { linkToken, email, provider } = result.linkRequired;
      return { link_required: true as const, link_token: linkToken, email, provider };
    }
    return shapeSignIn(presentUser, result.signIn);
  });

  app.post('/auth/oauth/link', { schema: { body: linkBody, response: { 200: signInAnswer } } }, async (request) => {
    const { link_token, password } = request.body;
    return shapeSignIn(presentUser, await oauth.confirmLink(link_token, password, request.ip, sessionMeta(request)));
  });
};

/** /api/auth/oauth/links/*: the signed-in owner's linked providers. */
export const oauthLinkRoutes: FastifyPluginAsyncZod<Pick<OAuthRouteOptions, 'oauth'>> = async (app, { oauth }) => {
  app.get('/auth/oauth/links', { schema: { response: { 200: waysAnswer } } }, async (request) => {
    return oauth.ways(currentUser(request));
  });

  app.delete('/auth/oauth/links/:provider', { schema: { params: providerParams, response: { 204: z.void() } } }, async (request, reply) => {
    await oauth.unlink(currentUser(request), request.params.provider);
    return reply.status(204).send();
  });
};
