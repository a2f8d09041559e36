import type { AppDeps } from '../deps.ts';
import type { User } from '../db/types.ts';
import { detailError, fieldError, uniqueError } from '../http/errors.ts';
import { enforce, type AccountActions } from '../accounts/account-actions.ts';
import { EmailChangeRepository } from './email-change-repository.ts';
import { LIMITS } from '../accounts/limits.ts';
import { ALREADY_EXISTS } from '../accounts/messages.ts';
import { emailChangeCodeMessage, emailChangedNotice } from './messages.ts';
import { Users, uniqueViolationField } from '../accounts/users.ts';
import type { NotMe } from '../auth/not-me.ts';

export const BAD_EMAIL_CHANGE_CODE = 'Неверный или просроченный код';
const SAME_ADDRESS = 'Это ваш текущий адрес';

/** a***@example.com: enough for the owner to recognise, not a full address in somebody's inbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? email : `${email[0]}***${email.slice(at)}`;
}

/**
 * Changing the account's e-mail: asked for with the current password, confirmed by a 6-digit code
 * sent to the new address. Until the code comes back the old address stays in force; once it does,
 * the old address is told.
 */
export class EmailChange {
  private readonly users: Users;
  private readonly repo: EmailChangeRepository;

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'sms'>,
    private readonly actions: AccountActions,
    /** An e-mail change is a security change: the account's «Это был не я» links die with it. */
    private readonly notMe: Pick<NotMe, 'retire'>,
  ) {
    this.users = new Users(deps.db);
    this.repo = new EmailChangeRepository(deps.db);
  }

  private now = () => this.deps.clock.now().toISOString();

  /** Sends a code to the new address (once a minute, 10 an hour per address, like every code). */
  async request(user: User, newEmail: string, password: string, ip: string): Promise<void> {
    if (newEmail === user.email) throw fieldError('new_email', SAME_ADDRESS);
    await this.actions.confirmPassword(user, password);
    if ((await this.users.taken({ email: newEmail }, user.id)).email) throw uniqueError({ new_email: [ALREADY_EXISTS.email] });
    await this.actions.limitSend('verify', newEmail, ip);
    await this.repo.retirePending(user.id, this.now());
    const code = await this.actions.codes.issue('email_change', user.id, newEmail);
    await this.actions.delivery.mail(newEmail, emailChangeCodeMessage(code));
  }

  /** The code from the new address switches the account to it; the old address gets a notice. */
  async confirm(user: User, code: string, ip: string): Promise<User> {
    const attempt = await this.actions.throttle.reserve([{ key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp }]);
    await enforce(attempt);
    const target = await this.repo.pendingAddress(user.id, this.now());
    if (!target) throw detailError(400, BAD_EMAIL_CHANGE_CODE);
    // Taken meanwhile by a sign-up: say so, and keep the code for nothing.
    if ((await this.users.taken({ email: target }, user.id)).email) throw uniqueError({ new_email: [ALREADY_EXISTS.email] });
    const used = await this.actions.codes.consume('email_change', target, code);
    if (!used || used.userId !== user.id) throw detailError(400, BAD_EMAIL_CHANGE_CODE);
    await attempt.release();
    let updated: User | undefined;
    try {
      // The code reached the new mailbox, so the new address is confirmed too.
      updated = await this.users.update(user.id, { email: target, is_email_verified: 1, updated_at: this.now() });
    } catch (err) {
      if (uniqueViolationField(err) === 'email') throw uniqueError({ new_email: [ALREADY_EXISTS.email] });
      throw err;
    }
    if (!updated) throw detailError(401, 'Пользователь не найден.');
    await this.notMe.retire(user.id);
    this.actions.notify(user, emailChangedNotice(maskEmail(target)));
    return updated;
  }
}
