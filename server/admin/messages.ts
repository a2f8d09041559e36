/** The e-mails the admin area and the command line send (Russian, signed by Копилка). */

/** An invitation bound to an address, sent to it. */
export const inviteMessage = (link: string) => ({
  subject: 'Копилка: приглашение',
  text:
    `Здравствуйте!\n\n` +
    `Вас пригласили в Копилку — личное хранилище аудио, фото и видео. Чтобы создать учётную запись, откройте ссылку:\n${link}\n\n` +
    `Приглашение действует 7 дней и сработает один раз. Если вы его не ждали, просто проигнорируйте это письмо.\n\n` +
    `— Копилка`,
});

/** A password-reset link the administrator sent at the owner's request. */
export const adminResetLinkMessage = (link: string) => ({
  subject: 'Копилка: восстановление пароля',
  text:
    `Здравствуйте!\n\n` +
    `Администратор Копилки отправил вам ссылку, чтобы задать новый пароль:\n${link}\n\n` +
    `Ссылка действует 1 час и сработает один раз. Если вы не просили о помощи со входом, просто проигнорируйте это письмо — ` +
    `пароль останется прежним.\n\n` +
    `— Копилка`,
});

/** Told to the owner when the administrator turned off their two-step sign-in. */
export const adminTwoFactorOffNotice = () => ({
  subject: 'Копилка: двухэтапная проверка отключена администратором',
  text:
    `Здравствуйте!\n\n` +
    `Администратор Копилки отключил двухэтапную проверку вашей учётной записи: для входа снова достаточно пароля. ` +
    `Включить её заново можно в профиле.\n\n` +
    `Если вы не просили об этом, смените пароль и напишите администратору.\n\n` +
    `— Копилка`,
});

/** Told to the owner when the administrator removed their passkeys and provider links. */
export const adminWaysInClearedNotice = () => ({
  subject: 'Копилка: ключи входа удалены администратором',
  text:
    `Здравствуйте!\n\n` +
    `Администратор Копилки удалил ключи доступа и привязанные аккаунты VK ID и Яндекс ID вашей учётной записи. ` +
    `Входите по паролю; ключи и аккаунты можно добавить заново в профиле.\n\n` +
    `Если вы не просили об этом, напишите администратору.\n\n` +
    `— Копилка`,
});
