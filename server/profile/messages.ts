/** The e-mails of the profile (Russian, signed by Копилка): a changed phone, and the steps of a changed address. */

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
