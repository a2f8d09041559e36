/**
 * The words of the messages the account toolkit sends itself (Russian, signed by Копилка): the e-mail and SMS codes;
 * and the uniqueness errors. Each feature's own e-mails sit beside it (auth/, passkeys/, oauth/, profile/, admin/ messages.ts).
 */

export const emailCodeMessage = (code: string) => ({
  subject: 'Копилка: код подтверждения email',
  text:
    `Здравствуйте!\n\n` +
    `Ваш код подтверждения email в Копилке: ${code}\n\n` +
    `Код действует 10 минут. Если вы не регистрировались в Копилке, просто проигнорируйте это письмо.\n\n` +
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
