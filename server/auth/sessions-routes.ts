import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notAuthenticated } from '../http/errors.ts';
import { currentUser } from './guard.ts';
import { othersEndedAnswer, sessionParams, sessionsAnswer } from './schemas.ts';
import type { SessionList } from './session-list.ts';

export interface SessionsRouteOptions {
  sessions: SessionList;
}

/** /api/auth/sessions/*: the signed-in owner's sessions. */
export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRouteOptions> = async (app, { sessions }) => {
  app.get('/auth/sessions', { schema: { response: { 200: sessionsAnswer } } }, async (request) => {
    return sessions.list(currentUser(request).id, request.sessionId);
  });

  app.delete('/auth/sessions/:id', { schema: { params: sessionParams, response: { 204: z.void() } } }, async (request, reply) => {
    await sessions.end(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.post('/auth/sessions/revoke-others', { schema: { response: { 200: othersEndedAnswer } } }, async (request) => {
    if (!request.sessionId) throw notAuthenticated();
    const revoked = await sessions.endOthers(currentUser(request).id, request.sessionId);
    return { detail: 'Остальные сеансы завершены', revoked };
  });
};
