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

/** Told to the account's address after its password changed (by the owner or by a reset). */
export const passwordChangedNotice = () => ({
  subject: 'Копилка: пароль изменён',
  text:
    `Здравствуйте!\n\n` +
    `Пароль от вашей учётной записи в Копилке изменён, остальные сеансы завершены.\n\n` +
    `Если это были вы, ничего делать не нужно. Если это были не вы, восстановите доступ: ` +
    `на странице входа нажмите «Забыли пароль?» — ссылка придёт на этот адрес.\n\n` +
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
    `Если это были вы, ничего делать не нужно.\n\n` +
    `Если это были не вы, откройте ссылку «Это был не я» — она отключит двухэтапную проверку и завершит все сеансы:\n` +
    `${undoLink}\n\n` +
    `Ссылка действует 7 дней и сработает один раз. Затем смените пароль: на странице входа нажмите «Забыли пароль?».\n\n` +
    `— Копилка`,
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
