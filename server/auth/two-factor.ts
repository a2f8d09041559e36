import type { AppDeps } from '../deps.ts';
import { enforce, type AccountActions } from '../accounts/account-actions.ts';
import { LIMITS } from '../accounts/limits.ts';
import { twoFactorNotice } from '../accounts/messages.ts';
import type { User } from '../db/types.ts';
import { detailError, fieldError } from '../errors.ts';
import type { SessionMeta, Sessions, TokenPair } from './sessions.ts';
import { TwoFactorRepository } from './two-factor-repository.ts';
import {
  hashMfaToken,
  hashRecoveryCode,
  newMfaToken,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  SecretBox,
  totpStep,
} from './totp.ts';

export const BAD_SECOND_STEP_CODE = 'Неверный или просроченный код';
export const SECOND_STEP_EXPIRED = 'Время для ввода кода истекло. Войдите снова.';
const ALREADY_ON = 'Двухэтапная проверка уже включена';
const NOT_ON = 'Двухэтапная проверка не включена';
const NO_SETUP = 'Сначала начните настройку двухэтапной проверки';
const WRONG_PASSWORD = 'Неверный пароль';

/** An mfa_token lives 5 minutes and allows 5 tries at the code. */
export const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;
export const MFA_MAX_ATTEMPTS = 5;

const secondStepFailKey = (userId: number) => `second-step-fail:user:${userId}`;

/**
 * Two-step sign-in with codes from an authenticator app: setting it up, turning it on with a first
 * code (ten single-use recovery codes in return, shown once), turning it off with the password and
 * a code, and the second step of a login. Every wrong code counts against the user (5 per 15
 * minutes, whatever the mfa_token) and the client's address, counted before the code is compared.
 */
export class TwoFactor {
  private readonly repo: TwoFactorRepository;
  private readonly box: SecretBox;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
    private readonly actions: AccountActions,
    private readonly sessions: Sessions,
  ) {
    this.repo = new TwoFactorRepository(deps.db);
    this.box = new SecretBox(deps.config.secretKey);
  }

  private now = () => this.deps.clock.now();

  async status(user: User): Promise<{ enabled: boolean; recovery_codes_left: number }> {
    const row = await this.repo.byUser(user.id);
    const enabled = !!row?.enabled_at;
    return { enabled, recovery_codes_left: enabled ? await this.repo.recoveryCodesLeft(user.id) : 0 };
  }

  /** A new secret for the app (replacing an unconfirmed one); refused while sign-in codes are on. */
  async setup(user: User): Promise<{ secret: string; otpauth_url: string }> {
    const { secret, otpauthUrl } = newTotpSecret(user.email);
    if (!(await this.repo.savePending(user.id, this.box.seal(secret), this.now().toISOString()))) throw detailError(400, ALREADY_ON);
    return { secret, otpauth_url: otpauthUrl };
  }

  /** The first code from the app turns it on; the ten recovery codes are returned this once only. */
  async enable(user: User, code: string, ip: string): Promise<{ recovery_codes: string[] }> {
    const row = await this.repo.byUser(user.id);
    if (row?.enabled_at) throw detailError(400, ALREADY_ON);
    const secret = row ? this.box.open(row.secret) : null;
    if (!secret) throw detailError(400, NO_SETUP);
    await this.checked(user.id, ip, async () => {
      const step = totpStep(secret, code, this.now());
      return step !== null && (await this.repo.acceptStep(user.id, step, false));
    });
    const codes = newRecoveryCodes();
    const hashes = codes.map((c) => hashRecoveryCode(this.deps.config.secretKey, user.id, normaliseRecoveryCode(c)!));
    if (!(await this.repo.enable(user.id, hashes, this.now().toISOString()))) throw detailError(400, ALREADY_ON);
    this.actions.notify(user, twoFactorNotice(true));
    return { recovery_codes: codes };
  }

  /** Off with the current password and a code from the app (or a recovery code). */
  async disable(user: User, password: string, code: string, ip: string): Promise<void> {
    const row = await this.repo.byUser(user.id);
    if (!row?.enabled_at) throw detailError(400, NOT_ON);
    await this.actions.checkPassword(user, password, 'password', WRONG_PASSWORD);
    await this.checked(user.id, ip, () => this.codeMatches(user.id, row.secret, code));
    await this.repo.disable(user.id);
    this.actions.notify(user, twoFactorNotice(false));
  }

  /**
   * After a right password or SMS code: the mfa_token of a second step when the user has sign-in
   * codes on, else null (the caller opens the session). The step opens its session under the
   * credential version read with that password, so a password change meanwhile voids it.
   */
  async challenge(userId: number, credentialVersion: number): Promise<string | null> {
    const row = await this.repo.byUser(userId);
    if (!row?.enabled_at) return null;
    const { token, id } = newMfaToken();
    const now = this.now();
    await this.repo.insertChallenge({
      id,
      user_id: userId,
      credential_version: credentialVersion,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + MFA_TOKEN_TTL_MS).toISOString(),
    });
    return token;
  }

  /** The second step: a right code for a live mfa_token opens the session, once. */
  async completeLogin(mfaToken: string, code: string, ip: string, meta: SessionMeta): Promise<{ tokens: TokenPair; user: User }> {
    const byIp = await this.actions.throttle.reserve([{ key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp }]);
    await enforce(byIp);
    const nowIso = this.now().toISOString();
    const found = await this.repo.liveChallenge(hashMfaToken(mfaToken), nowIso, MFA_MAX_ATTEMPTS);
    if (!found) throw detailError(400, SECOND_STEP_EXPIRED);
    const { challenge_id: challengeId, challenge_version: version, ...user } = found;
    const byUser = await this.actions.throttle.reserve([{ key: secondStepFailKey(user.id), ...LIMITS.secondStepFailuresPerUser }]);
    if (!byUser.allowed) await byIp.release();
    await enforce(byUser);
    if (!(await this.repo.takeChallengeTry(challengeId, nowIso, MFA_MAX_ATTEMPTS))) throw detailError(400, SECOND_STEP_EXPIRED);
    const row = await this.repo.byUser(user.id);
    if (!row?.enabled_at || !(await this.codeMatches(user.id, row.secret, code))) throw detailError(400, BAD_SECOND_STEP_CODE);
    await byIp.release();
    await byUser.release();
    await this.actions.throttle.reset(secondStepFailKey(user.id));
    if (!user.is_active || !(await this.repo.consumeChallenge(challengeId, nowIso))) throw detailError(400, SECOND_STEP_EXPIRED);
    const tokens = await this.sessions.start(user.id, version, meta);
    if (!tokens) throw detailError(400, SECOND_STEP_EXPIRED);
    return { tokens, user };
  }

  /** A code from the app for a step not used before, or an unused recovery code (used up by this). */
  private async codeMatches(userId: number, sealedSecret: string, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const secret = this.box.open(sealedSecret);
      const step = secret ? totpStep(secret, code, this.now()) : null;
      return step !== null && this.repo.acceptStep(userId, step, true);
    }
    const recovery = normaliseRecoveryCode(code);
    if (!recovery) return false;
    return this.repo.useRecoveryCode(userId, hashRecoveryCode(this.deps.config.secretKey, userId, recovery), this.now().toISOString());
  }

  /** Runs a code check counted per user and per IP first; a right code gives the count back. */
  private async checked(userId: number, ip: string, check: () => Promise<boolean>): Promise<void> {
    const attempt = await this.actions.throttle.reserve([
      { key: secondStepFailKey(userId), ...LIMITS.secondStepFailuresPerUser },
      { key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp },
    ]);
    await enforce(attempt);
    if (!(await check())) throw fieldError('code', BAD_SECOND_STEP_CODE);
    await attempt.release();
  }
}
