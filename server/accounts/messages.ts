import { PROVIDER_LABELS } from '../../contract/sign-in-ways.ts';
import type { OAuthProviderId } from '../db/tables/accounts.ts';
import { emptyReport, type RecoveryReport } from './recovery.ts';

/** The words of every e-mail and SMS the accounts API sends (Russian, signed by Копилка), and its uniqueness errors. */

export const emailCodeMessage = (code: string) => ({
  subject: 'Копилка: код подтверждения email',
  text:
    `Здравствуйте!\n\n` +
    `Ваш код подтверждения email в Копилке: ${code}\n\n` +
    `Код действует 10 минут. Если вы не регистрировались в Копилке, просто проигнорируйте это письмо.\n\n` +
    `— Копилка`,
});

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
const undoOffer = (what: string, undoLink: string) =>
  `Если это были вы, ничего делать не нужно.\n\n` +
  `Если это были не вы, откройте ссылку «Это был не я» — она ${what}, завершит все сеансы, удалит ключи доступа и привязки ` +
  `за последние 30 дней и приостановит недавние ссылки для просмотра:\n${undoLink}\n\n` +
  `Ссылка действует 7 дней, сработает один раз и перестанет действовать после следующего изменения защиты учётной записи. ` +
  `Затем смените пароль: на странице входа нажмите «Забыли пароль?».\n\n` +
  `— Копилка`;

/** Told to the account's address when a passkey is added, with the «Это был не я» link that removes it. */
export const passkeyAddedNotice = (name: string, undoLink: string) => ({
  subject: 'Копилка: добавлен ключ доступа',
  text:
    `Здравствуйте!\n\n` +
    `К вашей учётной записи в Копилке добавлен ключ доступа «${name}»: с ним можно войти без пароля.\n\n` +
    undoOffer('удалит этот ключ', undoLink),
});

/** Told to the account's address when a provider account is linked, with the «Это был не я» link that unlinks it. */
export const providerLinkedNotice = (provider: OAuthProviderId, undoLink: string) => ({
  subject: `Копилка: привязан ${PROVIDER_LABELS[provider]}`,
  text:
    `Здравствуйте!\n\n` +
    `К вашей учётной записи в Копилке привязан аккаунт ${PROVIDER_LABELS[provider]}: через него можно войти без пароля.\n\n` +
    undoOffer(`отвяжет ${PROVIDER_LABELS[provider]}`, undoLink),
});

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

/** Told to the account's address after its phone changed; `maskedPhone` is null when the number was removed. */
export const phoneChangedNotice = (maskedPhone: string | null) => ({
  subject: 'Копилка: номер телефона изменён',
  text:
    `Здравствуйте!\n\n` +
    (maskedPhone
      ? `В вашей учётной записи в Копилке указан новый номер телефона: ${maskedPhone}.\n\n`
      : `Номер телефона удалён из вашей учётной записи в Копилке.\n\n`) +
    `Если это были вы, ничего делать не нужно. Если это были не вы, смените пароль ` +
    `(или восстановите его по ссылке «Забыли пароль?» на странице входа) и верните свой номер в профиле.\n\n` +
    `— Копилка`,
});

/** The code that confirms a new address, sent to that address. */
export const emailChangeCodeMessage = (code: string) => ({
  subject: 'Копилка: код подтверждения нового адреса',
  text:
    `Здравствуйте!\n\n` +
    `Чтобы сделать этот адрес адресом вашей учётной записи в Копилке, введите код: ${code}\n\n` +
    `Код действует 10 минут. Если вы не меняли адрес в Копилке, просто проигнорируйте это письмо.\n\n` +
    `— Копилка`,
});

/** Told to the old address once the account's address has changed. */
export const emailChangedNotice = (maskedEmail: string) => ({
  subject: 'Копилка: адрес эл. почты изменён',
  text:
    `Здравствуйте!\n\n` +
    `Адрес эл. почты вашей учётной записи в Копилке изменён на ${maskedEmail}. Письма Копилки теперь приходят туда.\n\n` +
    `Если это были не вы, войдите в Копилку, верните свой адрес в профиле и смените пароль.\n\n` +
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

export const smsCodeText = (purpose: 'phone_verify' | 'phone_login' | 'phone_reset', code: string) => {
  const what = { phone_verify: 'подтверждения телефона', phone_login: 'входа', phone_reset: 'сброса пароля' }[purpose];
  return `Копилка: код ${what} ${code}. Никому не сообщайте его. Действует 10 минут.`;
};

/**
 * Unique-constraint errors: the DRF wording with the English phrase `already exists`, sent by
 * uniqueError with `"code": "unique"` beside it. The client shows the spec's Russian text for the
 * field named, decided by that code, never by this wording.
 */
export const ALREADY_EXISTS = {
  email: 'user with this email already exists.',
  username: 'user with this username already exists.',
  phone: 'user with this phone already exists.',
} as const;
