import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { User } from '../db/types.ts';
import { toUserJson, type UserJson } from './user-json.ts';

/** The user JSON for an answer. photo_url is a root-relative signed path, never built from the request's Host (the client writes it). */
export function presentUser(_request: FastifyRequest, deps: AppDeps, user: User): UserJson {
  return toUserJson(user, { secret: deps.config.secretKey, now: deps.clock.now() });
}
