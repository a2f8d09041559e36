import type { AlbumMemberRole } from '../../../contract/household.ts';

/** The words of the e-mail a new member of a shared album gets (Russian, signed by Копилка). */
export const albumSharedMessage = (owner: string, title: string, role: AlbumMemberRole, link: string) => ({
  subject: `Копилка: ${owner} открыл(а) вам альбом «${title}»`,
  text:
    `Здравствуйте!\n\n` +
    `${owner} открыл(а) вам альбом «${title}» в Копилке. ` +
    (role === 'contributor'
      ? `Вы можете смотреть и слушать его, а также добавлять в него свои фото, видео и записи.`
      : `Вы можете смотреть и слушать его.`) +
    `\n\nАльбом — в разделе «Альбомы», на вкладке «Доступно мне»:\n${link}\n\n` +
    `Выйти из альбома можно на его странице.\n\n` +
    `— Копилка`,
});
