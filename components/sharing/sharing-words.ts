import { ALBUM_ROLE_LABELS, type AlbumMemberRole } from '@/contract/household';

/** The words of sharing an album with people of this server, one place for the dialog and its tests. */
export const MEMBERS_TITLE = 'Участники';
export const INVITE = 'Пригласить';
export const INVITE_EMAIL = 'E-mail';
export const INVITE_ROLE = 'Роль';
export const ALLOW_DOWNLOAD = 'Участники могут скачивать';
export const LEAVE_ALBUM = 'Выйти из альбома';
export const REMOVE_MEMBER = 'Убрать';
export const MEMBERS_LOAD_ERROR = 'Не удалось загрузить участников';
export const INVITE_ERROR = 'Не удалось пригласить';
export const MEMBER_CHANGE_ERROR = 'Не удалось изменить участника';
export const LEAVE_ERROR = 'Не удалось выйти из альбома';

/** The two roles a member may have, as the role's choice lists them. */
export const ROLE_CHOICES: ReadonlyArray<{ value: AlbumMemberRole; label: string }> = [
  { value: 'viewer', label: ALBUM_ROLE_LABELS.viewer },
  { value: 'contributor', label: ALBUM_ROLE_LABELS.contributor },
];

/** What each role may do, said once under the choice. */
export const ROLES_HINT = '«Просмотр» — смотреть и слушать. «Участник» — ещё и добавлять свои фото, видео и записи.';

export const NO_MEMBERS =
  'Альбом пока видите только вы. Пригласите по e-mail тех, у кого есть учётная запись на этом сервере: они найдут его в «Альбомах», на вкладке «Доступно мне».';

export const invited = (name: string) => `${name} теперь видит альбом`;
export const removedMember = (name: string) => `${name} больше не видит альбом`;
export const LEFT_ALBUM = 'Вы вышли из альбома';
