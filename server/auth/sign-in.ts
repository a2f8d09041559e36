import type { FastifyRequest } from 'fastify';
import type { SessionMeta } from './sessions.ts';

/** Where the request came from, kept with the session it opens. */
export function sessionMeta(request: FastifyRequest): SessionMeta {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : null, ip: request.ip };
}
