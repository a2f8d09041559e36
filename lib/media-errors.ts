// First: zod without its `new Function` probe, which the Content-Security-Policy reports (lib/schemas/zod-config.ts),
// for every schema made after it, contract/media's included.
import '@/lib/schemas/zod-config';
import { ApiError, detailOf } from '@/lib/api/api-error';
import { duplicateMediaSchema, type DuplicateMedia } from '@/contract/media';
import { AUDIO_FILE_FIELD } from '@/lib/api/audio';
import { PHOTO_FILE_FIELD } from '@/lib/api/photos';
import { VIDEO_FILE_FIELD } from '@/lib/api/video';
import type { ErrorInfo } from '@/lib/errors';

/**
 * Server error → the Russian message people see, for the media screens, the trash, the usage and the export
 * (lib/errors.ts has the accounts' flows): apart, so that the sign-in pages do not load the media's schemas.
 */
export const UPDATE_ERROR = 'Ошибка при обновлении записи';
export const DELETE_ERROR = 'Ошибка при удалении записи';
export const SAVE_RECORDING_ERROR = 'Ошибка при сохранении записи';
export const SAVE_VIDEO_ERROR = 'Ошибка при сохранении видео';
const NO_CONNECTION = 'нет соединения с сервером';

/** «Ошибка при …» followed by why, when something is known. */
const withReason = (prefix: string, reason: string | null) => (reason ? `${prefix}: ${reason}` : prefix);

/** Why an edit or a deletion failed: the server's words, else no answer, a refused method or a server fault. */
function changeReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const reason = error.reason();
  if (reason) return reason;
  if (error.status === null) return NO_CONNECTION;
  if (error.failedToTravel) return 'метод не поддерживается сервером';
  if (error.status >= 500) return 'ошибка сервера, попробуйте позже';
  return null;
}

/** A failed edit: 'Ошибка при обновлении записи: <the server's words>' (the attempts are in the console). */
export const mediaUpdateError = (error: unknown) => withReason(UPDATE_ERROR, changeReason(error));
/** A failed deletion: 'Ошибка при удалении записи: <the server's words>'. */
export const mediaDeleteError = (error: unknown) => withReason(DELETE_ERROR, changeReason(error));

export const RETRY_ERROR = 'Не удалось повторить обработку';
/** A failed «Повторить»: 'Не удалось повторить обработку: <the server's words>'. */
export const mediaRetryError = (error: unknown) => withReason(RETRY_ERROR, changeReason(error));

// ---------- The trash, usage, export ----------
export const RESTORE_ERROR = 'Не удалось восстановить';
export const PURGE_ERROR = 'Не удалось удалить навсегда';
export const EMPTY_TRASH_ERROR = 'Не удалось очистить корзину';
export const TRASH_LOAD_ERROR = 'Не удалось загрузить корзину';
export const USAGE_LOAD_ERROR = 'Не удалось узнать, сколько места занято';
export const EXPORT_ERROR = 'Не удалось начать скачивание архива';

/** A failed restore (the snackbar's «Отменить» or the trash's «Восстановить»): 'Не удалось восстановить: <why>'. */
export const mediaRestoreError = (error: unknown) => withReason(RESTORE_ERROR, changeReason(error));
/** A failed removal for good, one item or the whole trash. */
export const trashPurgeError = (error: unknown, all: boolean) => withReason(all ? EMPTY_TRASH_ERROR : PURGE_ERROR, changeReason(error));
/** The trash or the usage could not be read, or no export link came: the server's words, else the line. */
export const trashLoadError = ({ data }: ErrorInfo) => detailOf(data) ?? TRASH_LOAD_ERROR;
export const usageLoadError = ({ data }: ErrorInfo) => detailOf(data) ?? USAGE_LOAD_ERROR;
export const exportError = (error: unknown) => withReason(EXPORT_ERROR, changeReason(error));

/** Why the recorder's save failed: the server's detail or its first error on the file field, else no answer. */
function saveReason(error: unknown, fileField: string): string | null {
  if (!(error instanceof ApiError)) return null;
  return error.reason(fileField) ?? (error.status === null ? NO_CONNECTION : null);
}

/** 'Ошибка при сохранении записи: <detail or the first audio_file error>' */
export const audioSaveError = (error: unknown) => withReason(SAVE_RECORDING_ERROR, saveReason(error, AUDIO_FILE_FIELD));
/** 'Ошибка при сохранении видео: <the server's reason>' for the camera recorder's save form. */
export const videoSaveError = (error: unknown) => withReason(SAVE_VIDEO_ERROR, saveReason(error, VIDEO_FILE_FIELD));

/** A refused file in an upload list: the server's word on the file (400/413 {"file": […]}) or its detail, else the generic line. */
function fileUploadError(error: unknown, fileField: string, fileName: string): string {
  return (error instanceof ApiError ? error.reason(fileField) : null) ?? `Не удалось загрузить файл «${fileName}»`;
}
export const photoUploadError = (error: unknown, fileName: string) => fileUploadError(error, PHOTO_FILE_FIELD, fileName);
export const videoUploadError = (error: unknown, fileName: string) => fileUploadError(error, VIDEO_FILE_FIELD, fileName);
export const audioUploadError = (error: unknown, fileName: string) => fileUploadError(error, AUDIO_FILE_FIELD, fileName);

/** A refusal's body naming the record that already keeps the file («Этот файл уже есть в Копилке»), else null. */
export function keptRecordOf(data: unknown): DuplicateMedia | null {
  const parsed = duplicateMediaSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The record that already keeps a refused file's bytes (409 «Этот файл уже есть в Копилке»), else null. */
export function duplicateOf(error: unknown): DuplicateMedia | null {
  return error instanceof ApiError && error.status === 409 ? keptRecordOf(error.data) : null;
}
