import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import { signAccessToken } from './access-token.ts';
import { REFRESH_TTL_SECONDS, signRefreshToken, verifyRefreshToken } from './refresh-token.ts';
import type { AuthRepository } from './repository.ts';
import type { UsersRepository } from '../accounts/users-repository.ts';

/** How long the immediate parent of a rotation still yields the current child (tabs racing). */
export const PARENT_GRACE_MS = 10_000;

export const refreshNotValid = () => new ApiError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Access/refresh pairs, rotation with reuse detection, revocation. */
export class Sessions {
  constructor(
    private readonly repo: AuthRepository,
    private readonly users: UsersRepository,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  /** A new session (new refresh family). */
  async start(userId: number): Promise<TokenPair> {
    const child = await this.newRefresh(userId, randomUUID(), null);
    return { access: await signAccessToken(this.secret, userId, this.clock), refresh: child.token };
  }

  /**
   * Rotation. The first caller to mark the token replaced wins (conditional UPDATE); a caller that
   * loses the race, or the immediate parent presented again within 10 s, gets the same current child.
   * Any other reuse of a rotated token revokes the whole family.
   */
  async refresh(token: string): Promise<TokenPair> {
    const claims = await verifyRefreshToken(this.secret, token, this.clock);
    if (!claims) throw refreshNotValid();
    const row = await this.repo.refreshByJti(claims.jti);
    if (!row || row.revoked_at || row.user_id !== claims.userId) throw refreshNotValid();
    const user = await this.users.byId(row.user_id);
    if (!user || !user.is_active) throw refreshNotValid();
    const now = this.clock.now();

    if (!row.replaced_by) {
      const child = await this.newRefresh(row.user_id, row.family_id, row.jti);
      if (await this.repo.markRotated(row.jti, child.jti, now.toISOString())) {
        return { access: await signAccessToken(this.secret, row.user_id, this.clock), refresh: child.token };
      }
      // Someone else rotated it a moment ago: drop ours and answer like they did.
      await this.repo.deleteRefresh(child.jti);
    }

    const current = await this.repo.refreshByJti(claims.jti);
    const childJti = current?.replaced_by;
    const child = childJti ? await this.repo.refreshByJti(childJti) : undefined;
    const rotatedAt = current?.rotated_at ? Date.parse(current.rotated_at) : NaN;
    const withinGrace = now.getTime() - rotatedAt <= PARENT_GRACE_MS;
    if (current && !current.revoked_at && child && !child.revoked_at && !child.replaced_by && withinGrace) {
      const refresh = await signRefreshToken(this.secret, {
        userId: child.user_id,
        jti: child.jti,
        iat: Math.floor(Date.parse(child.created_at) / 1000),
        exp: Math.floor(Date.parse(child.expires_at) / 1000),
      });
      return { access: await signAccessToken(this.secret, child.user_id, this.clock), refresh };
    }
    // An old token came back: treat the chain as stolen.
    await this.repo.revokeFamily(row.family_id, now.toISOString());
    throw refreshNotValid();
  }

  /** Logout: revokes the token's family when the token is ours; silent otherwise. */
  async end(token: string): Promise<void> {
    const claims = await verifyRefreshToken(this.secret, token, this.clock, { ignoreExpiry: true });
    if (!claims) return;
    const row = await this.repo.refreshByJti(claims.jti);
    if (row) await this.repo.revokeFamily(row.family_id, this.clock.now().toISOString());
  }

  async endAll(userId: number): Promise<void> {
    await this.repo.revokeAllOfUser(userId, this.clock.now().toISOString());
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
