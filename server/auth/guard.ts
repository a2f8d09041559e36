import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.ts';
import type { User } from '../db/types.ts';
import { notAuthenticated, tokenNotValid } from '../errors.ts';
import { verifyAccessToken } from './access-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

/** preHandler for protected routes: a valid bearer access token of an active user, else a SimpleJWT-shaped 401. */
export function requireUser(deps: AppDeps) {
  return async function (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (!header) throw notAuthenticated();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw tokenNotValid();
    const userId = await verifyAccessToken(deps.config.secretKey, match[1]!, deps.clock);
    if (userId === null) throw tokenNotValid();
    const user = await deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user || !user.is_active) throw tokenNotValid();
    request.user = user;
  };
}

/** The authenticated user inside a handler behind requireUser. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
