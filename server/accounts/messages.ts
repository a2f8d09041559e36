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

export const smsCodeText = (purpose: 'phone_verify' | 'phone_login' | 'phone_reset', code: string) => {
  const what = { phone_verify: 'подтверждения телефона', phone_login: 'входа', phone_reset: 'сброса пароля' }[purpose];
  return `Копилка: код ${what} ${code}. Никому не сообщайте его. Действует 10 минут.`;
};

/**
 * Unique-constraint errors: the DRF wording with the English phrase `already exists`, which the
 * client maps to the spec's Russian text.
 */
export const ALREADY_EXISTS = {
  email: 'user with this email already exists.',
  username: 'user with this username already exists.',
  phone: 'user with this phone already exists.',
} as const;
