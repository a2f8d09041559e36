import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import type { User } from '../db/types.ts';
import { notAuthenticated, tokenNotValid } from '../http/errors.ts';
import { verifiedAccessClaims, verifyAccessTokenClaims, type AccessClaims } from './access-token.ts';
import { isRecent } from './recent-sign-in.ts';
import { AuthRepository, READ_LATER, type UserOfSession } from './repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    /** The session (refresh family) of the access token that passed the guard. */
    sessionId: string | null;
  }
}

/** A session's "last used" moves at most this often, so most requests write nothing. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** The hook of protected routes: it sets request.user and request.sessionId, or refuses the request. */
export type Guard = (request: FastifyRequest) => Promise<void> | void;

/** What marks a hook that demands the bearer access token. */
const REQUIRES_BEARER = Symbol('requires the bearer access token');

/**
 * Marks `hook` as one that refuses a request without a valid bearer access token (the guard, or a hook that
 * runs it): the API description (docs/operations.ts) declares the bearer scheme on every route that has such
 * a hook, so the docs page's «Authorize» sends the token exactly where it is needed.
 */
export function requiresBearer<H extends (...args: never[]) => unknown>(hook: H): H {
  return Object.assign(hook, { [REQUIRES_BEARER]: true });
}

/** Whether a route's hook (one, a list, or none) demands the bearer access token. */
export function demandsBearer(hooks: unknown): boolean {
  return [hooks].flat(2).some((h) => typeof h === 'function' && (h as { [REQUIRES_BEARER]?: boolean })[REQUIRES_BEARER] === true);
}

/**
 * The guard of protected routes, run before their input is checked (so a stranger learns nothing
 * from validation errors): a valid bearer access token whose session is live, of an active user,
 * else a SimpleJWT-shaped 401. User and session are read in one query on every request, so a
 * logout, password change or reset refuses the session's access tokens from that moment.
 */
export function sessionGuard(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): Guard {
  const repo = new AuthRepository(deps.db);
  // The moment before which "last used" is stale, as an ISO text: made anew when the clock has moved a second or
  // gone back, not on every request (the resolution is a minute).
  let staleAt = { nowMs: Number.NaN, text: '' };
  const staleBeforeOf = (nowMs: number) => {
    if (!(nowMs >= staleAt.nowMs && nowMs - staleAt.nowMs < 1_000)) {
      staleAt = { nowMs, text: new Date(nowMs - LAST_USED_RESOLUTION_MS).toISOString() };
    }
    return staleAt.text;
  };

  /** The request's user and session, once the session's row has been read. */
  const admit = (request: FastifyRequest, claims: AccessClaims, row: UserOfSession | undefined): Promise<void> | void => {
    if (!row || !row.is_active) throw tokenNotValid();
    const { session_last_used_at: lastUsed, ...user } = row;
    const now = deps.clock.now();
    const staleBefore = staleBeforeOf(now.getTime());
    const sessionId = claims.sessionId;
    // No named function made per request here: tsx names each (esbuild's keepNames, a defineProperty apiece), and
    // that doubled the garbage of a profile request.
    if (!lastUsed || lastUsed < staleBefore) {
      return repo.touchSession(sessionId, request.ip, now.toISOString(), staleBefore).then(() => settle(request, user, sessionId));
    }
    settle(request, user, sessionId);
  };
  const settle = (request: FastifyRequest, user: User, sessionId: string) => {
    request.user = user;
    request.sessionId = sessionId;
    request.recentSignIn = async () => isRecent(await repo.reauthAtOf(sessionId), deps.clock.now(), deps.config.reauthWindowMs);
  };

  /** The token's claims known: the session's row, read at once where the database allows it. */
  const withClaims = (request: FastifyRequest, claims: AccessClaims | null): Promise<void> | void => {
    if (claims === null) throw tokenNotValid();
    const row = repo.userOfLiveSessionNow(claims.userId, claims.sessionId);
    if (row === READ_LATER) return repo.userOfLiveSession(claims.userId, claims.sessionId).then((read) => admit(request, claims, read));
    return admit(request, claims, row);
  };

  // Without a promise where nothing waits (a token seen before, SQLite's committed reader, "last used" fresh): the
  // path of nearly every request, where each promise was a microtask hop (bench/profile.ts).
  return requiresBearer(function (request: FastifyRequest): Promise<void> | void {
    const header = request.headers.authorization;
    if (!header) throw notAuthenticated();
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw tokenNotValid();
    const token = match[1]!;
    const known = verifiedAccessClaims(deps.config.secretKey, token, deps.clock);
    if (known !== undefined) return withClaims(request, known);
    return verifyAccessTokenClaims(deps.config.secretKey, token, deps.clock).then((claims) => withClaims(request, claims));
  });
}

/**
 * The policy of a scope of routes (app.ts: the owner's, the staff's): every route registered in `scope` from
 * here on passes `guard` first, before its input is checked. Added to each route's own preValidation hooks by
 * an onRoute hook, so that a route added to a guarded plugin cannot be left unguarded, and the API description
 * sees the guard on the route (requiresBearer). OPTIONS (a CORS preflight, tus's discovery) carries no
 * credentials, and passes.
 */
export function guardEveryRoute(scope: FastifyInstance, guard: Guard): void {
  // A callback hook: the guard's answer at once goes on at once; a promise, when it settles; a refusal, thrown or
  // rejected, to the error handler.
  const hook = requiresBearer((request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    if (request.method === 'OPTIONS') return done();
    let pending: Promise<void> | void;
    try {
      pending = guard(request);
    } catch (err) {
      return done(err as Error);
    }
    if (pending) pending.then(() => done(), done);
    else done();
  });
  scope.addHook('onRoute', (route) => {
    route.preValidation = [hook, ...[route.preValidation ?? []].flat()];
  });
}

/** The authenticated user inside a handler behind the guard. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/** The session (refresh family) of the access token inside a handler behind the guard. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw notAuthenticated();
  return request.sessionId;
}
