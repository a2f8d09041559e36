import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.ts';
import type { User } from '../db/types.ts';
import { toUserJson, type UserJson } from './user-json.ts';

/** The user JSON for this request: photo_url absolute against the origin the client used. */
export function presentUser(request: FastifyRequest, deps: AppDeps, user: User): UserJson {
  return toUserJson(user, { origin: `${request.protocol}://${request.host}`, secret: deps.config.secretKey, now: deps.clock.now() });
}
