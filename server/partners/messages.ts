/** The words of the e-mail a new partner gets (Russian, signed by Копилка). */
export const partnerAddedMessage = (sharer: string, includeAudio: boolean, link: string) => ({
  subject: `Копилка: ${sharer} показывает вам свои фото и видео`,
  text:
    `Здравствуйте!\n\n` +
    `${sharer} открыл(а) вам свои фото и видео${includeAudio ? ' и аудиозаписи' : ''} в Копилке: ` +
    `они появятся в вашей ленте рядом с вашими, с отметкой владельца, только для просмотра.\n\n` +
    `Скрыть их можно переключателем в разделе «Фото»; прекратить — в профиле, в разделе «Партнёры»:\n${link}\n\n` +
    `— Копилка`,
});
