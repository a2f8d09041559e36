import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { notAuthenticated } from '../errors.ts';
import { currentUser, requireUser } from './guard.ts';
import { SessionList } from './session-list.ts';

/** /api/auth/sessions/*: the signed-in owner's sessions. */
export async function sessionsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const sessions = new SessionList(deps);
  const signedIn = requireUser(deps);

  app.get('/auth/sessions', { preHandler: signedIn }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return sessions.list(currentUser(request).id, request.sessionId);
  });

  app.delete<{ Params: { id: string } }>('/auth/sessions/:id', { preHandler: signedIn }, async (request, reply) => {
    await sessions.end(currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.post('/auth/sessions/revoke-others', { preHandler: signedIn }, async (request) => {
    if (!request.sessionId) throw notAuthenticated();
    const revoked = await sessions.endOthers(currentUser(request).id, request.sessionId);
    return { detail: 'Остальные сеансы завершены', revoked };
  });
}
