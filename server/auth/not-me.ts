import { PROVIDER_LABELS } from '../../contract/sign-in-ways.ts';
import type { Clock } from '../clock.ts';
import { enforce, type AccountActions } from '../accounts/account-actions.ts';
import { LIMITS } from '../accounts/limits.ts';
import { notMeDoneNotice } from './messages.ts';
import { RECOVERY_LOOKBACK_MS } from '../accounts/recovery.ts';
import type { Db } from '../db/kysely.ts';
import type { UndoAction } from '../db/tables/accounts.ts';
import { detailError } from '../http/errors.ts';
import { NotMeRepository, type UndoneChange } from './not-me-repository.ts';
import { UndoLinksRepository } from './undo-links-repository.ts';
import { hashUndoToken, newUndoToken, UNDO_LINK_TTL_MS, undoLink } from './undo-links.ts';

export const BAD_UNDO_LINK = 'Ссылка недействительна или устарела';

/** The throttle key of wrong second-step codes of a user (two-factor.ts counts them; an undo clears them). */
export const secondStepFailKey = (userId: number) => `second-step-fail:user:${userId}`;

/** What the page and the mail say was undone. */
function undoneWords(change: UndoneChange): { detail: string; mail: string } {
  if (change.action === 'two_factor_enabled') {
    return { detail: 'Двухэтапная проверка отключена, все сеансы завершены', mail: 'двухэтапная проверка отключена' };
  }
  const removed = change.removed;
  if (removed && 'passkey' in removed) {
    return { detail: 'Ключ доступа удалён, все сеансы завершены', mail: `удалён ключ доступа «${removed.passkey}»` };
  }
  if (removed && 'provider' in removed) {
    const label = PROVIDER_LABELS[removed.provider];
    return { detail: `${label} отвязан, все сеансы завершены`, mail: `отвязан ${label}` };
  }
  return change.action === 'passkey_added'
    ? { detail: 'Ключ доступа уже был удалён, все сеансы завершены', mail: 'ключ доступа, о котором было письмо, уже был удалён' }
    : { detail: 'Аккаунт уже был отвязан, все сеансы завершены', mail: 'привязка, о которой было письмо, уже была удалена' };
}

export interface NotMeDeps {
  db: Db;
  actions: AccountActions;
  clock: Clock;
  /** PUBLIC_URL: the link points under it. */
  publicUrl: string;
}

/**
 * «Это был не я»: every new way in (a passkey added, a provider linked, two-step sign-in turned on) is
 * mailed to the owner with a one-time link bound to that change. The link undoes that change only, ends
 * every session and recovers the account (recent passkeys and provider links removed, recent share links
 * paused); the mail after it lists what went. It lives 7 days and dies with the next security change.
 */
export class NotMe {
  private readonly repo: NotMeRepository;

  constructor(private readonly d: NotMeDeps) {
    this.repo = new NotMeRepository(d.db);
  }

  /** A new link for a change just made, every earlier live link of the account retired: the link as the notice carries it. */
  async issue(userId: number, action: UndoAction, subject: string | null): Promise<string> {
    const { token, hash } = newUndoToken();
    const now = this.d.clock.now();
    await new UndoLinksRepository(this.d.db).issue({
      userId,
      action,
      subject,
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + UNDO_LINK_TTL_MS).toISOString(),
      now: now.toISOString(),
    });
    return undoLink(this.d.publicUrl, token);
  }

  /** A later security change of the account (e-mail changed, …): its live links stop working. */
  async retire(userId: number): Promise<void> {
    await new UndoLinksRepository(this.d.db).retireAll(userId, this.d.clock.now().toISOString());
  }

  /** Uses a link from a notice; wrong links count against the client's address. The page's words, and what was undone. */
  async undo(token: string, ip: string): Promise<{ detail: string; action: UndoAction }> {
    const attempt = await this.d.actions.throttle.reserve([{ key: `code-fail:ip:${ip}`, ...LIMITS.codeFailuresPerIp }]);
    await enforce(attempt);
    const now = this.d.clock.now();
    const since = new Date(now.getTime() - RECOVERY_LOOKBACK_MS).toISOString();
    const change = await this.repo.undo(hashUndoToken(token), now.toISOString(), since);
    if (!change) throw detailError(400, BAD_UNDO_LINK);
    await attempt.release();
    await this.d.actions.throttle.reset(secondStepFailKey(change.user.id));
    const words = undoneWords(change);
    this.d.actions.notify(change.user, notMeDoneNotice(words.mail, change.report));
    return { detail: words.detail, action: change.action };
  }
}
