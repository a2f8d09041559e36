import type { Clock } from '../clock.ts';
import { enforce, type AccountActions } from '../accounts/account-actions.ts';
import { LIMITS } from '../accounts/limits.ts';
import { twoFactorDisabledNotice, twoFactorEnabledNotice } from './messages.ts';
import type { User } from '../db/types.ts';
import { detailError, fieldError } from '../http/errors.ts';
import type { SessionMeta, Sessions, TokenPair } from './sessions.ts';
import type { TwoFactorRepository } from './two-factor-repository.ts';
import { secondStepFailKey } from './not-me.ts';
import { newUndoToken, UNDO_LINK_TTL_MS, undoLink } from './undo-links.ts';
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

/**
 * What proves that the person at the keyboard is the owner, and not just someone holding a session's
 * token, before the sign-in codes change: today the current password. An account with no password (a
 * later passkey or VK ID sign-in) would bring another proof here, checked in confirmOwner().
 */
export interface OwnerProof {
  password?: string;
}

/** An mfa_token lives 5 minutes and allows 5 tries at the code. */
export const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;
export const MFA_MAX_ATTEMPTS = 5;

/** What two-step sign-in is given; AuthService builds them. */
export interface TwoFactorDeps {
  repo: TwoFactorRepository;
  actions: AccountActions;
  sessions: Sessions;
  clock: Clock;
  /** PUBLIC_URL: the «Это был не я» link points under it. */
  publicUrl: string;
  /** Seals the authenticator secrets at rest, and keys the hashes of the codes. */
  secretKey: string;
}

/**
 * Two-step sign-in with codes from an authenticator app: setting it up, turning it on with a first
 * code (ten single-use recovery codes in return, shown once), turning it off with a code, new recovery
 * codes, and the second step of a login. Every change needs the owner's proof (the current password)
 * besides a recent sign-in in the session (routes): a stolen access token alone changes nothing. Turning
 * it on ends every other session and mails a «Это был не я» link (not-me.ts) that turns it off again,
 * ends every session and recovers the account; turning it off retires that link. Every
 * wrong code counts against the user (5 per 15 minutes, whatever the mfa_token) and the client's
 * address, counted before the code is compared.
 */
export class TwoFactor {
  private readonly box: SecretBox;

  constructor(private readonly d: TwoFactorDeps) {
    this.box = new SecretBox(d.secretKey);
  }

  private now = () => this.d.clock.now();

  async status(user: User): Promise<{ enabled: boolean; recovery_codes_left: number }> {
    const row = await this.d.repo.byUser(user.id);
    const enabled = !!row?.enabled_at;
    return { enabled, recovery_codes_left: enabled ? await this.d.repo.recoveryCodesLeft(user.id) : 0 };
  }

  /** A new secret for the app (replacing an unconfirmed one), for the owner only; refused while sign-in codes are on. */
  async setup(user: User, proof: OwnerProof): Promise<{ secret: string; otpauth_url: string }> {
    if ((await this.d.repo.byUser(user.id))?.enabled_at) throw detailError(400, ALREADY_ON);
    await this.confirmOwner(user, proof);
    const { secret, otpauthUrl } = newTotpSecret(user.email);
    if (!(await this.d.repo.savePending(user.id, this.box.seal(secret), this.now().toISOString()))) throw detailError(400, ALREADY_ON);
    return { secret, otpauth_url: otpauthUrl };
  }

  /**
   * The owner's proof and the first code from the app turn it on: every session but `sessionId` (the
   * one asking) ends, the account's address gets the notice with its «Это был не я» link, and the ten
   * recovery codes are returned this once only.
   */
  async enable(user: User, sessionId: string | null, proof: OwnerProof, code: string, ip: string): Promise<{ recovery_codes: string[] }> {
    const row = await this.d.repo.byUser(user.id);
    if (row?.enabled_at) throw detailError(400, ALREADY_ON);
    const secret = row ? this.box.open(row.secret) : null;
    if (!secret) throw detailError(400, NO_SETUP);
    await this.confirmOwner(user, proof);
    await this.checked(user.id, ip, async () => {
      const step = totpStep(secret, code, this.now());
      return step !== null && (await this.d.repo.acceptStep(user.id, step, false));
    });
    const { codes, hashes } = this.recoveryCodes(user.id);
    const now = this.now();
    const undo = newUndoToken();
    const enabled = await this.d.repo.enable(user.id, hashes, now.toISOString(), {
      keepSessionId: sessionId,
      undo: { tokenHash: undo.hash, expiresAt: new Date(now.getTime() + UNDO_LINK_TTL_MS).toISOString() },
    });
    if (!enabled) throw detailError(400, ALREADY_ON);
    this.d.actions.notify(user, twoFactorEnabledNotice(undoLink(this.d.publicUrl, undo.token)));
    return { recovery_codes: codes };
  }

  /** Off with the owner's proof and a code from the app (or a recovery code). */
  async disable(user: User, proof: OwnerProof, code: string, ip: string): Promise<void> {
    const row = await this.d.repo.byUser(user.id);
    if (!row?.enabled_at) throw detailError(400, NOT_ON);
    await this.confirmOwner(user, proof);
    await this.checked(user.id, ip, () => this.codeMatches(user.id, row.secret, code));
    await this.d.repo.disable(user.id, this.now().toISOString());
    this.d.actions.notify(user, twoFactorDisabledNotice());
  }

  /** Ten new recovery codes in place of the old ones (used or not), with the owner's proof and a code from the app (or a recovery code). */
  async newRecoveryCodes(user: User, proof: OwnerProof, code: string, ip: string): Promise<{ recovery_codes: string[] }> {
    const row = await this.d.repo.byUser(user.id);
    if (!row?.enabled_at) throw detailError(400, NOT_ON);
    await this.confirmOwner(user, proof);
    await this.checked(user.id, ip, () => this.codeMatches(user.id, row.secret, code));
    const { codes, hashes } = this.recoveryCodes(user.id);
    if (!(await this.d.repo.replaceRecoveryCodes(user.id, hashes, this.now().toISOString()))) throw detailError(400, NOT_ON);
    return { recovery_codes: codes };
  }

  /**
   * The owner's proof before sign-in codes change: the current password, throttled per user (the
   * attempt counted before argon2 runs). A wrong one is a field error on `password`.
   */
  private async confirmOwner(user: User, proof: OwnerProof): Promise<void> {
    await this.d.actions.confirmPassword(user, proof.password);
  }

  private recoveryCodes(userId: number): { codes: string[]; hashes: string[] } {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((c) => hashRecoveryCode(this.d.secretKey, userId, normaliseRecoveryCode(c)!)) };
  }

  /**
   * After a right password or SMS code: the mfa_token of a second step when the user has sign-in
   * codes on, else null (the caller opens the session). The step opens its session under the
   * credential version read with that password, so a password change meanwhile voids it.
   */
  async challenge(userId: number, credentialVersion: number): Promise<string | null> {
    const row = await this.d.repo.byUser(userId);
    if (!row?.enabled_at) return null;
    const { token, id } = newMfaToken();
    const now = this.now();
    await this.d.repo.insertChallenge({
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
    const byIp = await this.d.actions.throttle.reserve([{ key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp }]);
    await enforce(byIp);
    const nowIso = this.now().toISOString();
    const found = await this.d.repo.liveChallenge(hashMfaToken(mfaToken), nowIso, MFA_MAX_ATTEMPTS);
    if (!found) throw detailError(400, SECOND_STEP_EXPIRED);
    const { challenge_id: challengeId, challenge_version: version, ...user } = found;
    const byUser = await this.d.actions.throttle.reserve([{ key: secondStepFailKey(user.id), ...LIMITS.secondStepFailuresPerUser }]);
    if (!byUser.allowed) await byIp.release();
    await enforce(byUser);
    if (!(await this.d.repo.takeChallengeTry(challengeId, nowIso, MFA_MAX_ATTEMPTS))) throw detailError(400, SECOND_STEP_EXPIRED);
    const row = await this.d.repo.byUser(user.id);
    if (!row?.enabled_at || !(await this.codeMatches(user.id, row.secret, code))) throw detailError(400, BAD_SECOND_STEP_CODE);
    await byIp.release();
    await byUser.release();
    await this.d.actions.throttle.reset(secondStepFailKey(user.id));
    if (!user.is_active || !(await this.d.repo.consumeChallenge(challengeId, nowIso))) throw detailError(400, SECOND_STEP_EXPIRED);
    const tokens = await this.d.sessions.start(user.id, version, meta);
    if (!tokens) throw detailError(400, SECOND_STEP_EXPIRED);
    return { tokens, user };
  }

  /** A code from the app for a step not used before, or an unused recovery code (used up by this). */
  private async codeMatches(userId: number, sealedSecret: string, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const secret = this.box.open(sealedSecret);
      const step = secret ? totpStep(secret, code, this.now()) : null;
      return step !== null && this.d.repo.acceptStep(userId, step, true);
    }
    const recovery = normaliseRecoveryCode(code);
    if (!recovery) return false;
    return this.d.repo.useRecoveryCode(userId, hashRecoveryCode(this.d.secretKey, userId, recovery), this.now().toISOString());
  }

  /** Runs a code check counted per user and per IP first; a right code gives the count back. */
  private async checked(userId: number, ip: string, check: () => Promise<boolean>): Promise<void> {
    const attempt = await this.d.actions.throttle.reserve([
      { key: secondStepFailKey(userId), ...LIMITS.secondStepFailuresPerUser },
      { key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp },
    ]);
    await enforce(attempt);
    if (!(await check())) throw fieldError('code', BAD_SECOND_STEP_CODE);
    await attempt.release();
  }
}
