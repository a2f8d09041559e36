import { undoOffer } from '../auth/messages.ts';

/** The e-mail of the passkeys (Russian, signed by Копилка). */

/** Told to the account's address when a passkey is added, with the «Это был не я» link that removes it. */
export const passkeyAddedNotice = (name: string, undoLink: string) => ({
  subject: 'Копилка: добавлен ключ доступа',
  text:
    `Здравствуйте!\n\n` +
    `К вашей учётной записи в Копилке добавлен ключ доступа «${name}»: с ним можно войти без пароля.\n\n` +
    undoOffer('удалит этот ключ', undoLink),
});
