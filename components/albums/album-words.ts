import { ApiError, dataText } from '@/lib/api/api-error';

/** The albums' words, one place for the screens and their tests. */
export const ALBUMS_TITLE = 'Альбомы';
export const ALBUMS_EMPTY = {
  title: 'Альбомов пока нет',
  description: 'Соберите в альбом фотографии, видео и записи одной поездки или одного события.',
};
export const ALBUM_EMPTY = {
  title: 'В альбоме пока ничего нет',
  description: 'Добавьте сюда запись, фотографию или видео: «В альбом» в меню «⋯» или в просмотре.',
};
export const CREATE_ALBUM = 'Создать альбом';
export const MY_ALBUMS = 'Мои альбомы';
export const SHARED_WITH_ME = 'Доступно мне';
export const SHARED_EMPTY = {
  title: 'С вами пока ничем не поделились',
  description: 'Когда кто-то на этом сервере откроет вам свой альбом, он появится здесь, а на почту придёт письмо.',
};
export const MEMBERS = 'Участники';
export const SHARE_LINK = 'Поделиться';
export const LEAVE_ALBUM = 'Выйти из альбома';
export const DOWNLOAD = 'Скачать';
export const DOWNLOAD_ERROR = 'Не удалось скачать';
/** For a contributor: where their own items come from. */
export const CONTRIBUTOR_HINT =
  'Добавляйте свои записи, фото и видео из разделов «Аудио», «Фото» и «Видео»: «⋯» или просмотр → «В альбом».';
/** Whose album it is, under its title. */
export const sharedBy = (name: string) => `Альбом пользователя ${name}`;
export const NEW_ALBUM = 'Новый альбом';
export const REMOVE_FROM_ALBUM = 'Убрать из альбома';
export const MAKE_COVER = 'Сделать обложкой';
export const DELETE_ALBUM = 'Удалить альбом';
/** The album header's «⋯»: the spoken name, followed by the album's title. */
export const ALBUM_ACTIONS = 'Действия с альбомом';

export const albumCreated = (title: string) => `Альбом «${title}» создан`;
export const addedToAlbum = (title: string) => `Добавлено в альбом «${title}»`;
export const ALBUM_SAVED = 'Альбом сохранён';
export const REMOVED_FROM_ALBUM = 'Убрано из альбома';
export const COVER_SET = 'Обложка альбома изменена';
export const ALBUM_DELETED = 'Альбом удалён. Его файлы остались в Копилке.';

export const ALBUMS_LOAD_ERROR = 'Не удалось загрузить альбомы';
export const ALBUM_LOAD_ERROR = 'Не удалось загрузить альбом';
export const ALBUM_NOT_FOUND = 'Альбом не найден';
export const ALBUM_SAVE_ERROR = 'Не удалось сохранить альбом';
export const ADD_TO_ALBUM_ERROR = 'Не удалось добавить в альбом';
export const REMOVE_FROM_ALBUM_ERROR = 'Не удалось убрать из альбома';
export const COVER_ERROR = 'Не удалось изменить обложку';
export const DELETE_ALBUM_ERROR = 'Не удалось удалить альбом';

/** The album's page: `/albums?id=12` (the export has one static page; the id rides in the query, as the lists' links do). */
export const albumHref = (id: number) => `/albums?id=${id}`;

/** A failed album request: «<what failed>: <the server's words>», or the words alone when the server said nothing. */
export function albumError(prefix: string, error: unknown): string {
  const reason = error instanceof ApiError ? dataText(error.data) : null;
  return reason ? `${prefix}: ${reason}` : prefix;
}
