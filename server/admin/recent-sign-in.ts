import type { FastifyRequest } from 'fastify';

/**
 * The one hook point of "recent sign-in" (GitHub's sudo mode) for the admin actions: every route of
 * /api/admin/ that changes something runs it after the staff guard. It refuses, with 403
 * `{"detail": "Подтвердите вход", "code": "reauth_required"}`, a session not signed in or re-confirmed
 * (`POST /api/auth/reauth/`) within the last 30 minutes; the admin area then asks for the password (or a
 * passkey) in place and repeats the action.
 *
 * The mechanism itself belongs to the sign-in feature; until it is there, nothing is refused here.
 */
export type RecentSignIn = (request: FastifyRequest) => Promise<void>;

export const noRecentSignInCheck: RecentSignIn = async () => {};
