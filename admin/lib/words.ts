import type { InviteState, JobState, RegistrationMode } from '@/contract/admin';

/** The admin area's Russian words for what the API names in English. */

export const AUDIT_ACTION_NAMES: Record<string, string> = {
  'user.create': 'Создание учётной записи',
  'user.disable': 'Вход запрещён',
  'user.enable': 'Вход разрешён',
  'user.quota': 'Квота',
  'user.sessions_end': 'Сеансы завершены',
  'user.reset_link': 'Ссылка для нового пароля',
  'user.verify_email': 'E-mail подтверждён',
  'user.two_factor_off': 'Двухэтапная проверка отключена',
  'user.passkeys_clear': 'Ключи доступа и привязки удалены',
  'user.staff': 'Права администратора',
  'user.delete': 'Учётная запись удалена',
  'user.uploads_cancel': 'Загрузки отменены',
  'upload.cancel': 'Загрузка отменена',
  'invite.create': 'Приглашение создано',
  'invite.revoke': 'Приглашение отозвано',
  'settings.registration': 'Режим регистрации',
  'job.retry': 'Задача перезапущена',
};

export const REGISTRATION_NAMES: Record<RegistrationMode, { label: string; description: string }> = {
  open: { label: 'Открыта', description: 'Зарегистрироваться может любой, кто откроет Копилку.' },
  invite: { label: 'По приглашениям', description: 'Только по ссылке-приглашению из раздела «Приглашения».' },
  closed: { label: 'Закрыта', description: 'Новые учётные записи не создаются. Экран регистрации сообщает об этом.' },
};

export const INVITE_STATE_NAMES: Record<InviteState, string> = {
  active: 'Действует',
  used: 'Использовано',
  expired: 'Истекло',
  revoked: 'Отозвано',
};

export const JOB_STATE_NAMES: Record<JobState, string> = { waiting: 'Ждёт', running: 'Выполняется', failed: 'Ошибка' };

export const JOB_KIND_NAMES: Record<string, string> = {
  'process-audio': 'Обработка аудио',
  'process-photo': 'Обработка фото',
  'process-video': 'Обработка видео',
  'trim-audio': 'Обрезка аудио',
  'purge-files': 'Удаление файлов',
  'reconcile-storage': 'Сверка хранилища',
  'read-photo-dates': 'Даты снимков',
  'purge-trash': 'Очистка корзины',
  'remove-abandoned-uploads': 'Удаление брошенных загрузок',
  'purge-admin-history': 'Очистка журнала действий',
};

export const KIND_NAMES: Record<string, string> = { audio: 'Аудио', photo: 'Фото', video: 'Видео' };

const dateTime = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** «5 нояб. 2026 г., 14:05». */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : dateTime.format(d);
}

/** «только что», «5 мин назад», «3 ч назад», «вчера», or the date: when an account was last seen. */
export function sinceText(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'ни разу';
  const d = new Date(iso);
  const minutes = Math.floor((now.getTime() - d.getTime()) / 60_000);
  if (minutes < 2) return 'только что';
  if (minutes < 60) return `${minutes} мин назад`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} ч назад`;
  if (minutes < 48 * 60) return 'вчера';
  return formatDateTime(iso);
}
