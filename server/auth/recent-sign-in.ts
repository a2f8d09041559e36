import type { FastifyRequest } from 'fastify';
import { RECENT_SIGN_IN } from '../../contract/errors.ts';
import { detailError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whether the session behind the request proved who is at the keyboard recently: signed in, or
     * re-confirmed with POST /api/auth/reauth/, within the window (REAUTH_WINDOW_S, 30 minutes). Set by
     * the session guard; it reads the session's `reauth_at` when asked (only the routes that need it do).
     * False without a session.
     */
    recentSignIn: () => Promise<boolean>;
  }
}

/** The refusal of an action that needs a recent sign-in: 403 `{"detail": "Подтвердите вход", "code": "reauth_required"}`. */
export const reauthRequired = () => detailError(403, RECENT_SIGN_IN.detail, { code: RECENT_SIGN_IN.code });

/** Whether a proof given at `reauthAt` (ISO, or null: never) still counts at `now`. */
export function isRecent(reauthAt: string | null, now: Date, windowMs: number): boolean {
  if (!reauthAt) return false;
  const at = Date.parse(reauthAt);
  return Number.isFinite(at) && at <= now.getTime() + 1000 && now.getTime() - at < windowMs;
}

/**
 * The one check of recent sign-in ("sudo mode"), for what a stolen access token alone must not do: add a
 * passkey, turn two-step sign-in on or off or make new recovery codes, change the e-mail, export, make or
 * turn back on a share link that never expires or covers an album. Used as a route's `preHandler` (after
 * the session guard), or called by a handler whose need depends on the body.
 */
export async function requireRecentSignIn(request: FastifyRequest): Promise<void> {
  if (!(await request.recentSignIn())) throw reauthRequired();
}
