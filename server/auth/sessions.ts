import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/errors.ts';
import { signAccessToken } from './access-token.ts';
import { REFRESH_TTL_SECONDS, signRefreshToken, verifyRefreshToken } from './refresh-token.ts';
import type { AuthRepository } from './repository.ts';

/** How long the immediate parent of a rotation still yields the current child (tabs racing). */
export const PARENT_GRACE_MS = 10_000;

export const refreshNotValid = () => new ApiError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Where a login came from, kept with its session for the list of sessions. */
export interface SessionMeta {
  userAgent: string | null;
  ip: string | null;
}

/** The longest User-Agent kept; the rest names nothing the list shows. */
const USER_AGENT_MAX = 512;

/**
 * Sessions: one per login, a family of rotating refresh tokens with the same id, and access
 * tokens that name it. Rotation with reuse detection; ending a session refuses all its tokens.
 */
export class Sessions {
  constructor(
    private readonly repo: AuthRepository,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  /**
   * A new session (new refresh family) under the credential version read together with the
   * password hash that was checked; null when a password change or reset has moved it since.
   */
  async start(userId: number, credentialVersion: number, meta: SessionMeta = { userAgent: null, ip: null }): Promise<TokenPair | null> {
    const sessionId = randomUUID();
    const now = this.clock.now().toISOString();
    const opened = await this.repo.insertSession({
      id: sessionId,
      user_id: userId,
      credential_version: credentialVersion,
      created_at: now,
      user_agent: meta.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ip: meta.ip,
    });
    if (!opened) return null;
    const child = await this.newRefresh(userId, sessionId, null);
    return { access: await this.access(userId, sessionId), refresh: child.token };
  }

  /**
   * Rotation. The first caller to mark the token replaced wins (conditional UPDATE); a caller that
   * loses the race, or the immediate parent presented again within 10 s, gets the same current child.
   * Any other reuse of a rotated token ends the session.
   */
  async refresh(token: string): Promise<TokenPair> {
    const claims = await verifyRefreshToken(this.secret, token, this.clock);
    if (!claims) throw refreshNotValid();
    const row = await this.repo.refreshWithSession(claims.jti);
    if (!row || !row.session_live || !row.user_active || row.user_id !== claims.userId) throw refreshNotValid();
    const now = this.clock.now();

    if (!row.replaced_by) {
      const child = await this.newRefresh(row.user_id, row.family_id, row.jti);
      if (await this.repo.markRotated(row.jti, child.jti, now.toISOString())) {
        return { access: await this.access(row.user_id, row.family_id), refresh: child.token };
      }
      // Someone else rotated it a moment ago: drop ours and answer like they did.
      await this.repo.deleteRefresh(child.jti);
    }

    const current = await this.repo.refreshByJti(claims.jti);
    const childJti = current?.replaced_by;
    const child = childJti ? await this.repo.refreshByJti(childJti) : undefined;
    const rotatedAt = current?.rotated_at ? Date.parse(current.rotated_at) : NaN;
    const withinGrace = now.getTime() - rotatedAt <= PARENT_GRACE_MS;
    if (child && !child.replaced_by && withinGrace) {
      const refresh = await signRefreshToken(this.secret, {
        userId: child.user_id,
        jti: child.jti,
        iat: Math.floor(Date.parse(child.created_at) / 1000),
        exp: Math.floor(Date.parse(child.expires_at) / 1000),
      });
      return { access: await this.access(child.user_id, row.family_id), refresh };
    }
    // An old token came back: treat the chain as stolen.
    await this.repo.revokeSession(row.family_id, now.toISOString());
    throw refreshNotValid();
  }

  /** Logout: ends the token's session when the token is ours; silent otherwise. */
  async end(token: string): Promise<void> {
    const claims = await verifyRefreshToken(this.secret, token, this.clock, { ignoreExpiry: true });
    if (!claims) return;
    const row = await this.repo.refreshByJti(claims.jti);
    if (row) await this.repo.revokeSession(row.family_id, this.clock.now().toISOString());
  }

  private access(userId: number, sessionId: string): Promise<string> {
    return signAccessToken(this.secret, { userId, sessionId }, this.clock);
  }

  private async newRefresh(userId: number, familyId: string, parentJti: string | null) {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const exp = iat + REFRESH_TTL_SECONDS;
    const jti = randomUUID().replace(/-/g, '');
    await this.repo.insertRefresh({
      jti,
      user_id: userId,
      family_id: familyId,
      parent_jti: parentJti,
      created_at: new Date(iat * 1000).toISOString(),
      expires_at: new Date(exp * 1000).toISOString(),
    });
    return { jti, token: await signRefreshToken(this.secret, { userId, jti, iat, exp }) };
  }
}
