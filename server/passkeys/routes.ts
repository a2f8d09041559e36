import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PresentUser } from '../accounts/present.ts';
import { currentUser } from '../auth/guard.ts';
import { requireRecentSignIn } from '../auth/recent-sign-in.ts';
import { sessionMeta } from '../auth/sign-in.ts';
import {
  loginAnswer,
  loginBody,
  optionsAnswer,
  passkeyAnswer,
  passkeyParams,
  passkeysAnswer,
  registerBody,
  registrationOptionsBody,
  renameBody,
} from './schemas.ts';
import type { Passkeys } from './service.ts';

export interface PasskeyRouteOptions {
  passkeys: Passkeys;
  presentUser: PresentUser;
}

/** /api/auth/passkeys/*: the signed-in owner's passkeys. */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRouteOptions> = async (app, { passkeys }) => {
  app.get('/auth/passkeys', { schema: { response: { 200: passkeysAnswer } } }, async (request) => {
    return passkeys.list(currentUser(request));
  });

  app.post(
    '/auth/passkeys/register/options',
    { preHandler: requireRecentSignIn, schema: { body: registrationOptionsBody, response: { 200: optionsAnswer } } },
    async (request) => {
      return { ...(await passkeys.registrationOptions(currentUser(request), request.body.password, request.headers.origin)) };
    },
  );

  app.post('/auth/passkeys/register', { schema: { body: registerBody, response: { 201: passkeyAnswer } } }, async (request, reply) => {
    const { response, name } = request.body;
    const created = await passkeys.register(currentUser(request), response, name);
    return reply.status(201).send(created);
  });

  app.patch(
    '/auth/passkeys/:id',
    { schema: { params: passkeyParams, body: renameBody, response: { 200: passkeyAnswer } } },
    async (request) => passkeys.rename(currentUser(request), request.params.id, request.body.name),
  );

  app.delete('/auth/passkeys/:id', { schema: { params: passkeyParams, response: { 204: z.void() } } }, async (request, reply) => {
    await passkeys.remove(currentUser(request), request.params.id);
    return reply.status(204).send();
  });
};

/** /api/auth/passkeys/login/*: signing in with a passkey (no session yet). */
export const passkeyLoginRoutes: FastifyPluginAsyncZod<PasskeyRouteOptions> = async (app, { passkeys, presentUser }) => {
  app.post('/auth/passkeys/login/options', { schema: { response: { 200: optionsAnswer } } }, async (request) => {
    return { ...(await passkeys.loginOptions(request.ip, request.headers.origin)) };
  });

  app.post('/auth/passkeys/login', { schema: { body: loginBody, response: { 200: loginAnswer } } }, async (request) => {
    const { tokens, user } = await passkeys.login(request.body.response, request.ip, sessionMeta(request));
    return { ...tokens, user: presentUser(user) };
  });
};
