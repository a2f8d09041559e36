import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.ts';
import { UsersRepository } from '../accounts/users-repository.ts';
import type { User } from '../db/types.ts';
import { notAuthenticated, tokenNotValid } from '../errors.ts';
import { verifyAccessTokenClaims } from './access-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
  }
}

/** preHandler for protected routes: a valid bearer access token of an active user, else a SimpleJWT-shaped 401. */
export function requireUser(deps: AppDeps) {
  const users = new UsersRepository(deps.db);
  return async function (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    if (!header) throw notAuthenticated();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw tokenNotValid();
    const claims = await verifyAccessTokenClaims(deps.config.secretKey, match[1]!, deps.clock);
    if (claims === null) throw tokenNotValid();
    const user = await users.byId(claims.userId);
    if (!user || !user.is_active || issuedBeforeCutoff(claims.issuedAt, user)) throw tokenNotValid();
    request.user = user;
  };
}

/** A password change or reset cuts off access tokens issued before it. */
function issuedBeforeCutoff(issuedAt: number, user: User): boolean {
  return user.tokens_valid_after !== null && issuedAt * 1000 < Date.parse(user.tokens_valid_after);
}

/** The authenticated user inside a handler behind requireUser. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
