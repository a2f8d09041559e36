import { ERROR_CODE } from '../../contract/errors.ts';
import type { AppDeps } from '../deps.ts';
import { enforce, passwordFailKey, type AccountActions } from '../accounts/account-actions.ts';
import { generateResetToken, hashResetToken, RESET_TOKEN_TTL_MS } from '../accounts/codes.ts';
import type { CodePurpose } from '../db/tables/accounts.ts';
import { LIMITS } from '../accounts/limits.ts';
import { RECOVERY_LOOKBACK_MS } from '../accounts/recovery.ts';
import { ALREADY_EXISTS } from '../accounts/messages.ts';
import { passwordChangedNotice, resetLinkMessage } from './messages.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../accounts/passwords.ts';
import { generateUsername } from '../accounts/username.ts';
import { newUserRow, Users, uniqueViolationField } from '../accounts/users.ts';
import type { User } from '../db/types.ts';
import type { RegistrationGate } from '../admin/registration.ts';
import { detailError, fieldError, uniqueError } from '../http/errors.ts';
import type { ThrottleRule } from '../throttle/throttle.ts';
import { AuthRepository } from './repository.ts';
import { Sessions, type SessionMeta, type TokenPair } from './sessions.ts';
import type { SignInResult } from './sign-in.ts';
import { TwoFactorRepository } from './two-factor-repository.ts';
import { TwoFactor } from './two-factor.ts';

export const BAD_CREDENTIALS = 'Неверный email или пароль';
export const BAD_CODE = 'Неверный или просроченный код';
export const BAD_RESET_LINK = 'Ссылка недействительна или устарела';
const NO_PHONE_IN_PROFILE = 'Телефон не указан в профиле';
const WRONG_OLD_PASSWORD = 'Неверный текущий пароль';

/** A reset (by the e-mail link or an SMS code) ends every session and takes back the recent ways in. */
const RESET_RECOVERY = { removeWaysIn: true, keepSessionId: null };

/** An active account whose verified phone is this number: the only one login and reset codes go to. */
const ownsVerifiedPhone = (user: User | undefined, phone: string): user is User =>
  !!user && !!user.is_active && !!user.is_phone_verified && user.phone === phone;

export interface RegisterInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  username?: string;
  phone?: string | null;
  /** The token of an invitation link (`/register/#invite=…`). */
  invite?: string | null;
}

/** Sign-up, sign-in, codes, password reset and sessions. No request/reply here. */
export class AuthService {
  readonly users: Users;
  readonly repo: AuthRepository;
  readonly sessions: Sessions;
  readonly twoFactor: TwoFactor;

  constructor(
    private readonly deps: AppDeps,
    private readonly actions: AccountActions,
    /** Who may sign up (admin/registration.ts); none: anyone. */
    private readonly registration?: RegistrationGate,
  ) {
    this.users = new Users(deps.db);
    this.repo = new AuthRepository(deps.db);
    this.sessions = new Sessions(this.repo, deps.config.secretKey, deps.clock);
    this.twoFactor = new TwoFactor({
      repo: new TwoFactorRepository(deps.db),
      actions,
      sessions: this.sessions,
      clock: deps.clock,
      publicUrl: deps.config.publicUrl,
      secretKey: deps.config.secretKey,
    });
  }

  private get throttle() {
    return this.actions.throttle;
  }

  private now = () => this.deps.clock.now().toISOString();

  // ── sign-up ──────────────────────────────────────────────────────────────────────────────
  async register(input: RegisterInput, ip: string): Promise<User> {
    await enforce(this.throttle.hit(`register:ip:${ip}`, LIMITS.registerPerIp.limit, LIMITS.registerPerIp.windowMs));
    const admission = await this.registration?.admit({ email: input.email, invite: input.invite });
    const taken = await this.users.taken({ email: input.email, username: input.username, phone: input.phone });
    const errors: Record<string, string[]> = {};
    for (const f of ['email', 'username', 'phone'] as const) if (taken[f]) errors[f] = [ALREADY_EXISTS[f]];
    if (Object.keys(errors).length) throw uniqueError(errors);

    const username = input.username ?? (await this.freeUsername(input.email));
    const passwordHash = await hashPassword(input.password);
    const now = this.now();
    let user: User;
    const row = newUserRow(
      {
        email: input.email,
        username,
        first_name: input.first_name,
        last_name: input.last_name,
        phone: input.phone ?? null,
        password_hash: passwordHash,
      },
      now,
    );
    try {
      // The account and what let it in (its invitation taken, the first account made staff) land together.
      user = await this.users.transaction(async (users, trx) => {
        const inserted = await users.insert(row);
        await admission?.settle(trx, inserted);
        return inserted;
      });
    } catch (err) {
      const field = uniqueViolationField(err); // lost a race with a simultaneous sign-up
      if (field) throw uniqueError({ [field]: [ALREADY_EXISTS[field]] });
      throw err;
    }
    // Counted apart from requests: a "resend" within the minute answers as for any address, and sends nothing new.
    await this.actions.countUnaskedSend('verify', user.email);
    await this.actions.sendEmailCode(user);
    return user;
  }

  async freeUsername(email: string): Promise<string> {
    for (let i = 0; i < 30; i++) {
      const candidate = generateUsername(email);
      if (!(await this.users.usernameTaken(candidate))) return candidate;
    }
    return `${generateUsername(email)}_${Date.parse(this.now()).toString(36)}`;
  }

  // ── sign-in ──────────────────────────────────────────────────────────────────────────────
  /**
   * The attempt is counted first (per account and per IP, atomically), argon2 runs after: a burst
   * of simultaneous guesses gets no more tries than the limit. A failure keeps its count; a right
   * password gives it back and clears the account's failures.
   */
  async login(email: string, password: string, ip: string, meta: SessionMeta): Promise<SignInResult> {
    const acctKey = `login:acct:${email}`;
    const attempt = await this.throttle.reserve([
      { key: acctKey, ...LIMITS.loginFailuresPerAccount },
      { key: `login:ip:${ip}`, ...LIMITS.loginFailuresPerIp },
    ]);
    await enforce(attempt);
    const user = await this.users.byEmail(email);
    const ok = user ? await verifyPassword(user.password_hash, password) : await verifyDummyPassword(password);
    if (!user || !ok || !user.is_active) throw detailError(401, BAD_CREDENTIALS);
    await attempt.release();
    if (!user.is_email_verified) throw detailError(403, 'Email не подтвержден', { code: ERROR_CODE.email_not_verified });
    await this.throttle.reset(acctKey);
    // The password checked is the one read with this credential version: if a change or reset
    // landed during the check, no session opens (and any opened a moment before it is dead).
    return this.signIn(user, meta, () => detailError(401, BAD_CREDENTIALS));
  }

  /** A login code goes only to a verified phone; the answer is the same whether or not one was sent. */
  async requestPhoneLogin(phone: string, ip: string): Promise<void> {
    await this.actions.limitSend('login', phone, ip);
    const user = await this.users.byPhone(phone);
    if (ownsVerifiedPhone(user, phone)) await this.actions.sendSmsCode('phone_login', user.id, phone, false);
  }

  async verifyPhoneLogin(phone: string, code: string, ip: string, meta: SessionMeta): Promise<SignInResult> {
    const used = await this.useCode('phone_login', phone, code, ip);
    const user = await this.users.byId(used.userId);
    if (!ownsVerifiedPhone(user, phone)) throw detailError(400, BAD_CODE);
    return this.signIn(user, meta, () => detailError(400, BAD_CODE));
  }

  /** The first step passed (a password, an SMS code, a provider): a session, or the second step when the user has sign-in codes from an app on. */
  async signIn(user: User, meta: SessionMeta, refused: () => Error): Promise<SignInResult> {
    const mfaToken = await this.twoFactor.challenge(user.id, user.credential_version);
    if (mfaToken) return { mfaToken };
    const tokens = await this.sessions.start(user.id, user.credential_version, meta);
    if (!tokens) throw refused();
    return { tokens, user };
  }

  // ── verification ─────────────────────────────────────────────────────────────────────────
  async verifyEmail(code: string, email: string | null, ip: string): Promise<void> {
    const used = await this.useCode('email_verify', email, code, ip);
    await this.users.update(used.userId, { is_email_verified: 1, updated_at: this.now() });
  }

  /**
   * The signed-in owner types in the code sent to their own phone. Only this proves the number is
   * theirs: the holder of a mistyped number receives the code too, but has no session to type it into.
   */
  async verifyPhone(code: string, signedIn: User, ip: string): Promise<void> {
    const target = signedIn.phone;
    if (!target) throw fieldError('phone', NO_PHONE_IN_PROFILE);
    const used = await this.useCode('phone_verify', target, code, ip);
    if (used.userId !== signedIn.id) throw detailError(400, BAD_CODE);
    await this.users.update(signedIn.id, { is_phone_verified: 1, updated_at: this.now() });
  }

  /**
   * The same answer whether or not the address has an account, even right after its sign-up: the
   * request is limited the same way for every address, and a code goes out only to an unconfirmed
   * account that did not get one at sign-up less than a minute ago.
   */
  async resendEmailCode(email: string, ip: string): Promise<void> {
    await this.actions.limitSend('verify', email, ip);
    const user = await this.users.byEmail(email);
    if (!user?.is_active || user.is_email_verified || (await this.actions.sentUnaskedLately('verify', email))) return;
    await this.actions.sendEmailCode(user, false);
  }

  /** A verification code for the signed-in owner's own phone (whatever number a body may name). */
  async resendPhoneCode(signedIn: User, ip: string): Promise<void> {
    const phone = signedIn.phone;
    if (!phone) throw fieldError('phone', NO_PHONE_IN_PROFILE);
    await this.actions.limitSend('verify', phone, ip);
    if (!signedIn.is_phone_verified) await this.actions.sendSmsCode('phone_verify', signedIn.id, phone, false);
  }

  // ── password reset ───────────────────────────────────────────────────────────────────────
  async requestPasswordReset(email: string, ip: string): Promise<void> {
    await this.actions.limitSend('reset', email, ip);
    const user = await this.users.byEmail(email);
    if (!user?.is_active) return;
    const token = generateResetToken();
    const now = this.deps.clock.now();
    await this.repo.insertResetToken({
      user_id: user.id,
      token_hash: hashResetToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
    });
    const link = `${this.deps.config.publicUrl}/reset-password?token=${token}`;
    void this.actions.delivery.mail(user.email, resetLinkMessage(link));
  }

  /** A reset code goes only to a verified phone; the answer is the same whether or not one was sent. */
  async requestPasswordResetCode(phone: string, ip: string): Promise<void> {
    await this.actions.limitSend('reset', phone, ip);
    const user = await this.users.byPhone(phone);
    if (ownsVerifiedPhone(user, phone)) await this.actions.sendSmsCode('phone_reset', user.id, phone, false);
  }

  async resetByToken(token: string, newPassword: string, ip: string): Promise<void> {
    const attempt = await this.throttle.reserve([{ key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp }]);
    await enforce(attempt);
    const userId = await this.repo.consumeResetToken(hashResetToken(token), this.now());
    const user = userId === null ? undefined : await this.users.byId(userId);
    if (!user || !user.is_active) throw detailError(400, BAD_RESET_LINK);
    await attempt.release();
    // The link reached the mailbox, so the address is confirmed too.
    await this.setPassword(user, newPassword, { set: { is_email_verified: 1 }, recovery: RESET_RECOVERY });
  }

  async resetByCode(phone: string, code: string, newPassword: string, ip: string): Promise<void> {
    const used = await this.useCode('phone_reset', phone, code, ip);
    const user = await this.users.byId(used.userId);
    if (!ownsVerifiedPhone(user, phone)) throw detailError(400, BAD_CODE);
    await this.setPassword(user, newPassword, { recovery: RESET_RECOVERY });
  }

  /**
   * Old password checked; all sessions end; a fresh pair keeps the current tab signed in. The change
   * applies only if the password checked is still the account's (a reset landing meanwhile wins). The
   * links the other sessions made in the last 30 days are paused; those of `sessionId`, the session
   * asking (it goes on in the fresh pair), are not.
   */
  async changePassword(
    user: User,
    sessionId: string | null,
    oldPassword: string,
    newPassword: string,
    meta: SessionMeta,
  ): Promise<TokenPair> {
    const wrongOld = () => fieldError('old_password', WRONG_OLD_PASSWORD);
    await this.actions.checkPassword(user, oldPassword, 'old_password', WRONG_OLD_PASSWORD);
    const version = await this.setPassword(user, newPassword, {
      expectedVersion: user.credential_version,
      recovery: { removeWaysIn: false, keepSessionId: sessionId },
    });
    if (version === null) throw wrongOld();
    const tokens = await this.sessions.start(user.id, version, meta);
    if (!tokens) throw wrongOld(); // yet another change or reset got in right after ours
    return tokens;
  }

  /**
   * Hash, then in one transaction: store it, move the credential version on, end every session,
   * retire reset links, and recover the account (what `recovery` says; accounts/recovery-repository.ts).
   * Sessions opened by logins that checked the old password are dead whichever way they race this. The
   * notice lists what the recovery took back. The new credential version, or null when
   * `expectedVersion` no longer holds.
   */
  private async setPassword(
    user: User,
    newPassword: string,
    opts: {
      expectedVersion?: number;
      set?: { is_email_verified?: number };
      recovery: { removeWaysIn: boolean; keepSessionId: string | null };
    },
  ): Promise<number | null> {
    const passwordHash = await hashPassword(newPassword);
    const now = this.deps.clock.now();
    const since = new Date(now.getTime() - RECOVERY_LOOKBACK_MS).toISOString();
    const stored = await this.repo.storePassword(user.id, passwordHash, {
      now: now.toISOString(),
      expectedVersion: opts.expectedVersion,
      set: opts.set,
      recovery: { since, ...opts.recovery },
    });
    if (stored === null) return null;
    await this.throttle.reset(`login:acct:${user.email}`);
    await this.throttle.reset(passwordFailKey(user.id));
    this.actions.notify(user, passwordChangedNotice(stored.report));
    return stored.version;
  }

  // ── shared steps ─────────────────────────────────────────────────────────────────────────
  /**
   * A code attempt, counted before the look-up and given back when the code was right: per IP,
   * and for a code without its address also against one budget shared by everybody.
   */
  private async useCode(purpose: CodePurpose, target: string | null, code: string, ip: string) {
    const rules: ThrottleRule[] = [{ key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp }];
    if (target === null) rules.push({ key: `code-fail:code-only:${purpose}`, ...LIMITS.codeOnlyFailures });
    const attempt = await this.throttle.reserve(rules);
    await enforce(attempt);
    const used = await this.actions.codes.consume(purpose, target, code);
    if (!used) throw detailError(400, BAD_CODE);
    await attempt.release();
    return used;
  }
}
