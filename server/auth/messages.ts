import { PROVIDER_LABELS } from '../../contract/sign-in-ways.ts';
import { emptyReport, type RecoveryReport } from '../accounts/recovery.ts';

/**
 * The e-mails of signing in and of taking an account back (Russian, signed by Копилка): the reset link, the
 * notices of a changed password and of two-step sign-in, «Это был не я» done, and the offer of it that every
 * «new way in» notice makes (passkeys/ and oauth/ send theirs with it).
 */

export const resetLinkMessage = (link: string) => ({
  subject: 'Копилка: восстановление пароля',
  text:
    `Здравствуйте!\n\n` +
    `Чтобы задать новый пароль в Копилке, откройте ссылку:\n${link}\n\n` +
    `Ссылка действует 1 час и сработает один раз. Если вы не запрашивали восстановление пароля, ` +
    `просто проигнорируйте это письмо — пароль останется прежним.\n\n` +
    `— Копилка`,
});

/**
 * What a recovery took back, as the mail after it lists it: the passkeys and provider links removed, the
 * share links paused (each turned back on with «Включить» in «Ссылки»). Empty when it took nothing.
 */
export function recoveryLines(report: RecoveryReport): string {
  const quoted = (items: string[]) => items.map((name) => `«${name || 'без названия'}»`).join(', ');
  const lines: string[] = [];
  if (report.passkeys.length) lines.push(`Удалены ключи доступа, добавленные за последние 30 дней: ${quoted(report.passkeys)}.`);
  if (report.providers.length) {
    lines.push(`Отвязаны аккаунты, привязанные за последние 30 дней: ${report.providers.map((p) => PROVIDER_LABELS[p]).join(', ')}.`);
  }
  if (report.pausedLinks.length) {
    lines.push(
      `Приостановлены ссылки для просмотра, созданные за последние 30 дней в завершённых сеансах: ${quoted(report.pausedLinks)}. ` +
        `Они не открываются, пока вы не включите каждую снова в профиле, в разделе «Ссылки».`,
    );
  }
  return lines.length ? `${lines.join('\n\n')}\n\n` : '';
}

/** Told to the account's address after its password changed (by the owner or by a reset), with what the recovery took back. */
export const passwordChangedNotice = (report: RecoveryReport = emptyReport()) => ({
  subject: 'Копилка: пароль изменён',
  text:
    `Здравствуйте!\n\n` +
    `Пароль от вашей учётной записи в Копилке изменён, остальные сеансы завершены.\n\n` +
    recoveryLines(report) +
    `Если это были вы, ничего делать не нужно. Если это были не вы, восстановите доступ: ` +
    `на странице входа нажмите «Забыли пароль?» — ссылка придёт на этот адрес.\n\n` +
    `— Копилка`,
});

/** The part of every «new way in» notice that offers «Это был не я». */
export const undoOffer = (what: string, undoLink: string) =>
  `Если это были вы, ничего делать не нужно.\n\n` +
  `Если это были не вы, откройте ссылку «Это был не я» — она ${what}, завершит все сеансы, удалит ключи доступа и привязки ` +
  `за последние 30 дней и приостановит недавние ссылки для просмотра:\n${undoLink}\n\n` +
  `Ссылка действует 7 дней, сработает один раз и перестанет действовать после следующего изменения защиты учётной записи. ` +
  `Затем смените пароль: на странице входа нажмите «Забыли пароль?».\n\n` +
  `— Копилка`;

/** Told after «Это был не я» was used: what it undid, that every session ended, and what the recovery took back. */
export const notMeDoneNotice = (undone: string, report: RecoveryReport) => ({
  subject: 'Копилка: изменение отменено по ссылке «Это был не я»',
  text:
    `Здравствуйте!\n\n` +
    `По ссылке «Это был не я» ${undone}. Все сеансы завершены.\n\n` +
    recoveryLines(report) +
    `Теперь задайте новый пароль: на странице входа нажмите «Забыли пароль?» — тот, кто это сделал, мог знать старый.\n\n` +
    `— Копилка`,
});

/**
 * Told to the account's address when sign-in codes from an app are turned on: the other sessions
 * ended, and the «Это был не я» link that turns the codes off again and ends every session.
 */
export const twoFactorEnabledNotice = (undoLink: string) => ({
  subject: 'Копилка: двухэтапная проверка включена',
  text:
    `Здравствуйте!\n\n` +
    `Для входа в вашу учётную запись в Копилке теперь нужен ещё и код из приложения-аутентификатора. ` +
    `Все остальные сеансы завершены.\n\n` +
    undoOffer('отключит двухэтапную проверку', undoLink),
});

/** Told to the account's address when sign-in codes from an app are turned off (by the owner or by «Это был не я»). */
export const twoFactorDisabledNotice = () => ({
  subject: 'Копилка: двухэтапная проверка отключена',
  text:
    `Здравствуйте!\n\n` +
    `Двухэтапная проверка отключена: для входа в Копилку снова достаточно пароля или кода из SMS.\n\n` +
    `Если это были не вы, смените пароль (или восстановите его по ссылке «Забыли пароль?» на странице входа).\n\n` +
    `— Копилка`,
});
