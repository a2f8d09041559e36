import type { AppDeps } from '../deps.ts';
import type { User } from '../db/types.ts';
import { fieldError, tooManyRequests } from '../http/errors.ts';
import { Throttle, type ThrottleResult } from '../throttle/throttle.ts';
import { CodesRepository } from './codes-repository.ts';
import type { Delivery } from '../notify/delivery.ts';
import { LIMITS } from './limits.ts';
import { emailCodeMessage, smsCodeText } from './messages.ts';
import { OneTimeCodes } from './one-time-codes.ts';
import { verifyPassword } from './passwords.ts';

/** Kinds of messages with their own once-a-minute limit per address. */
export type SendKind = 'verify' | 'login' | 'reset';

export type SmsPurpose = 'phone_verify' | 'phone_login' | 'phone_reset';

/** The answer to a wrong current password, wherever one is asked. */
export const WRONG_PASSWORD = 'Неверный пароль';

/** Refuses with 429 (Retry-After) when a throttle said no. */
export async function enforce(result: Promise<ThrottleResult> | ThrottleResult): Promise<void> {
  const r = await result;
  if (!r.allowed) throw tooManyRequests(r.retryAfterSeconds);
}

/**
 * The account steps both the auth and the profile features take: throttled password checks,
 * code sending with its limits. Shared here so neither feature reaches into the other.
 */
export class AccountActions {
  readonly throttle: Throttle;
  readonly codes: OneTimeCodes;
  readonly delivery: Delivery;

  constructor(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, delivery: Delivery) {
    this.throttle = new Throttle(deps.db, deps.clock);
    this.codes = new OneTimeCodes(new CodesRepository(deps.db), deps.config.secretKey, deps.clock);
    this.delivery = delivery;
  }

  /**
   * Throttled check of the signed-in user's own password (change password, phone, deletion): the
   * attempt is counted before argon2 runs and given back when the password is right.
   */
  async checkPassword(user: User, password: string | undefined, field: string, message: string): Promise<void> {
    const attempt = await this.throttle.reserve([{ key: passwordFailKey(user.id), ...LIMITS.passwordFailuresPerUser }]);
    await enforce(attempt);
    if (!password || !(await verifyPassword(user.password_hash, password))) throw fieldError(field, message);
    await attempt.release();
  }

  /** The proof a change asks of the signed-in owner: their current password, in the field `password`. */
  confirmPassword(user: User, password: string | undefined): Promise<void> {
    return this.checkPassword(user, password, 'password', WRONG_PASSWORD);
  }

  /**
   * A code/link request for an address: once a minute per kind of message, 10 an hour per address
   * whatever the kind, and a cap per IP.
   * Counted whether or not the address has an account, so the answers reveal nothing.
   */
  async limitSend(kind: SendKind, target: string, ip: string): Promise<void> {
    await enforce(
      this.throttle.hitAll([
        { key: `send:${kind}:${target}`, ...LIMITS.sendPerTargetMinute },
        { key: `send:any:${target}`, ...LIMITS.sendPerTargetHour },
        { key: `send:ip:${ip}`, ...LIMITS.sendPerIp },
      ]),
    );
  }

  /**
   * Counts a code sent without a request for it (the one sent at sign-up), apart from the requests
   * limitSend counts: those are the same whether or not the address has an account, and must stay so.
   */
  async countUnaskedSend(kind: SendKind, target: string): Promise<void> {
    await this.throttle.record(unaskedSendKey(kind, target));
  }

  /**
   * Whether a code may go to an address now that one was asked for: not when a code went there
   * unasked (at sign-up) less than a minute ago. That code is still good, so none is sent, and the
   * answer to the request is the same as for an address with no account.
   */
  async sentUnaskedLately(kind: SendKind, target: string): Promise<boolean> {
    return !(await this.throttle.check({ key: unaskedSendKey(kind, target), ...LIMITS.sendPerTargetMinute })).allowed;
  }

  /**
   * Issues a code and sends it. `wait: false` answers without waiting for SMTP/the gateway, so a
   * known address takes no longer than an unknown one (delivery never rejects; failures are logged).
   */
  async sendEmailCode(user: User, wait = true): Promise<void> {
    const code = await this.codes.issue('email_verify', user.id, user.email);
    const sent = this.delivery.mail(user.email, emailCodeMessage(code));
    if (wait) await sent;
  }

  /**
   * Tells the account's own address that something about the account changed (password, phone).
   * Not waited for: delivery never rejects, and a slow mail server must not hold the answer.
   */
  notify(user: Pick<User, 'email'>, message: { subject: string; text: string }): void {
    void this.delivery.mail(user.email, message);
  }

  async sendSmsCode(purpose: SmsPurpose, userId: number, phone: string, wait = true): Promise<void> {
    const code = await this.codes.issue(purpose, userId, phone);
    const sent = this.delivery.text(phone, smsCodeText(purpose, code));
    if (wait) await sent;
  }
}

/** Throttle key of the codes sent to an address without a request (never consulted by limitSend). */
const unaskedSendKey = (kind: SendKind, target: string) => `sent-unasked:${kind}:${target}`;

/** Throttle key of wrong current-password attempts (reset when the password is set anew). */
export const passwordFailKey = (userId: number) => `password-fail:user:${userId}`;
