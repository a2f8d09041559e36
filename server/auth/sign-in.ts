import type { FastifyRequest } from 'fastify';
import type { PresentUser } from '../accounts/present.ts';
import type { UserJson } from '../accounts/user-json.ts';
import type { User } from '../db/types.ts';
import type { SessionMeta, TokenPair } from './sessions.ts';

/** A login's outcome: a session, or — with sign-in codes from an app on — the token of the second step. */
export type SignInResult = { tokens: TokenPair; user: User } | { mfaToken: string };

/** Where the request came from, kept with the session it opens. */
export function sessionMeta(request: FastifyRequest): SessionMeta {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : null, ip: request.ip };
}

/** `{access, refresh, user}`, or `{mfa_required: true, mfa_token}` when a code from the app is still needed. */
export function signInAnswer(
  presentUser: PresentUser,
  result: SignInResult,
): (TokenPair & { user: UserJson }) | { mfa_required: true; mfa_token: string } {
  if ('mfaToken' in result) return { mfa_required: true, mfa_token: result.mfaToken };
  return { ...result.tokens, user: presentUser(result.user) };
}
