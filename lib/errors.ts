// First: zod without its `new Function` probe (which the Content-Security-Policy reports) for every
// schema made after it, the contract's included.
import '@/lib/schemas/zod-config';
import { allMessages, ApiError, dataText, detailOf, errorOf, firstFieldMessage, firstString, messageOf } from '@/lib/api/api-error';
import { ERROR_CODE, errorCodeOf, takenFieldsOf } from '@/contract/errors';
import { duplicateMediaSchema, type DuplicateMedia } from '@/contract/media';
import { AUDIO_FILE_FIELD } from '@/lib/api/audio';
import { PHOTO_FILE_FIELD } from '@/lib/api/photos';
import { VIDEO_FILE_FIELD } from '@/lib/api/video';

/**
 * Server error → the Russian message people see, one function per flow. The mapping functions are
 * pure (they take `{status, data}`, which an ApiError is); `errorInfo` gives that shape for
 * whatever was thrown. The server's body is decoded once, where the ApiError is made. What happened is
 * decided by the body's `code` (contract/errors.ts), never by the wording of its texts.
 */
export interface ErrorInfo {
  /** HTTP status, or null for a network failure / non-HTTP error. */
  status: number | null;
  /** The parsed JSON body (DRF shape), a string, or null. */
  data: unknown;
}

export function errorInfo(error: unknown): ErrorInfo {
  return error instanceof ApiError ? error : { status: null, data: null };
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Whether the server refused `field`'s value as another account's: `"code": "unique"` and that field named. */
export const isTaken = (data: unknown, field: string) => takenFieldsOf(data).includes(field);

export const EMAIL_TAKEN = 'Пользователь с таким email уже существует';
export const USERNAME_TAKEN = 'Пользователь с таким именем пользователя уже существует';
export const PHONE_TAKEN = 'Пользователь с таким номером телефона уже существует';

// ---------- Login ----------
export const EMAIL_NOT_CONFIRMED = 'Ваш email не подтвержден. Пожалуйста, подтвердите ваш email.';

export function loginError({ data }: ErrorInfo): { message: string; unconfirmed: boolean } {
  if (errorCodeOf(data) === ERROR_CODE.email_not_verified) return { message: EMAIL_NOT_CONFIRMED, unconfirmed: true };
  return { message: dataText(data) ?? 'Ошибка при входе', unconfirmed: false };
}

export const phoneLoginError = ({ data }: ErrorInfo) => dataText(data) ?? 'Ошибка при входе';
export const smsRequestError = ({ data }: ErrorInfo) => dataText(data) ?? 'Ошибка при отправке SMS';

// ---------- Registration ----------
export function registrationError({ status, data }: ErrorInfo): string {
  if (status !== 400) return 'Ошибка при регистрации. Пожалуйста, попробуйте позже.';
  if (isTaken(data, 'email')) return EMAIL_TAKEN;
  if (isTaken(data, 'username')) return USERNAME_TAKEN;
  if (isTaken(data, 'phone')) return PHONE_TAKEN;
  return firstFieldMessage(data) ?? 'Ошибка при регистрации';
}

// ---------- Verification and resend ----------
export const EMAIL_VERIFIED = 'Email успешно подтвержден';
export const CODE_RESENT = 'Новый код отправлен на ваш email';
export const EMAIL_NOT_FOUND = 'Email не найден';
export const PHONE_NOT_FOUND = 'Телефон не найден';

export const verifyEmailError = ({ data }: ErrorInfo) => dataText(data) ?? 'Ошибка при подтверждении email';
export const verifyPhoneError = ({ data }: ErrorInfo) => dataText(data) ?? 'Ошибка при подтверждении телефона';

/** Resend failure. A throttled request (429) says how long to wait instead of the generic text. */
export function resendError({ status, data }: ErrorInfo): string {
  if (status === 429 && detailOf(data)) return detailOf(data)!;
  return 'Ошибка при отправке кода';
}

// ---------- Password reset ----------
export const RESET_SENT = 'Инструкции по восстановлению пароля отправлены на ваш email';
export const forgotPasswordError = ({ data }: ErrorInfo) => detailOf(data) ?? 'Ошибка при отправке инструкций';
/** Reset: detail, else (our addition) the first field message such as a too-short password. */
export const resetPasswordError = ({ data }: ErrorInfo) => detailOf(data) ?? firstFieldMessage(data) ?? 'Ошибка при сбросе пароля';

// ---------- Password reset by SMS ----------
/** Worded the same whether or not the number belongs to an account, so the screen never tells. */
export const resetCodeSent = (phone: string) => `Если номер ${phone} подтверждён в аккаунте, на него отправлен код по SMS`;
/** Asking for the code (first time or again): the server's words (a 429 says how long to wait), else the SMS failure text. */
export const resetCodeRequestError = ({ data }: ErrorInfo) => dataText(data) ?? 'Ошибка при отправке SMS';

// ---------- Profile ----------
export const profileFetchError = ({ data }: ErrorInfo) => detailOf(data) ?? 'Ошибка при получении данных пользователя';

export function profileUpdateError({ data }: ErrorInfo): string {
  if (isTaken(data, 'phone')) return PHONE_TAKEN;
  return detailOf(data) ?? firstFieldMessage(data) ?? 'Ошибка при обновлении профиля';
}

export const photoError = ({ data }: ErrorInfo, fallback: string) => detailOf(data) ?? firstFieldMessage(data) ?? fallback;

/** Password change: the `error` field, or the whole data, or the generic text. */
export const passwordChangeError = ({ data }: ErrorInfo) => errorOf(data) ?? allMessages(data) ?? 'Ошибка при смене пароля';

// ---------- Account deletion ----------
export const DELETE_RELATED_DATA = 'Невозможно удалить аккаунт: существуют связанные данные. Сначала удалите все медиафайлы и подписки.';
export const DELETE_CHECK_RELATED = 'Невозможно удалить аккаунт. Убедитесь, что все связанные данные удалены.';
export const DELETE_REAUTH = 'Требуется повторная авторизация. Пожалуйста, войдите снова.';
export const DELETE_FORBIDDEN = 'У вас нет прав на удаление этого аккаунта.';
export const DELETE_METHOD = 'Метод не поддерживается сервером. Обратитесь к администратору.';
export const DELETE_SERVER = 'Ошибка сервера. Пожалуйста, попробуйте позже.';
export const DELETE_GENERIC = 'Произошла ошибка при удалении аккаунта';

const mentionsIntegrity = (data: unknown) => /integrity|foreign key|внешн\S* ключ|целостност/i.test(JSON.stringify(data ?? ''));

export function accountDeletionError({ status, data }: ErrorInfo): { message: string; clearTokens: boolean } {
  const msg = (message: string, clearTokens = false) => ({ message, clearTokens });
  if (status === 400) {
    if (mentionsIntegrity(data)) return msg(DELETE_RELATED_DATA);
    // contract.md: a wrong password is 400 {"password": [...]}.
    const password = isObj(data) ? firstString(data.password) : null;
    return msg(detailOf(data) ?? password ?? DELETE_CHECK_RELATED);
  }
  if (status === 401) return msg(DELETE_REAUTH, true);
  if (status === 403) return msg(DELETE_FORBIDDEN);
  if (status === 405) return msg(DELETE_METHOD);
  if (status !== null && status >= 500) return msg(mentionsIntegrity(data) ? DELETE_RELATED_DATA : DELETE_SERVER);
  return msg(detailOf(data) ?? messageOf(data) ?? DELETE_GENERIC);
}

// ---------- Media (audio, photos, video) ----------
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

// ---------- Sessions, e-mail change, two-step sign-in ----------
export const sessionsLoadError = ({ data }: ErrorInfo) => detailOf(data) ?? 'Не удалось загрузить список сеансов';
export const sessionEndError = ({ data }: ErrorInfo) => detailOf(data) ?? 'Не удалось завершить сеанс';

/** E-mail change, both steps: an address in use reads as at registration. */
export function emailChangeError({ data }: ErrorInfo, fallback: string): string {
  if (isTaken(data, 'new_email') || isTaken(data, 'email')) return EMAIL_TAKEN;
  return dataText(data) ?? fallback;
}

export const twoFactorError = ({ data }: ErrorInfo, fallback: string) => dataText(data) ?? fallback;
export const secondStepError = ({ data }: ErrorInfo) => dataText(data) ?? 'Ошибка при входе';
/** «Это был не я»: the server's reason (a used, expired or unknown link; too many tries), else a generic one. */
export const undoLinkError = ({ data }: ErrorInfo) =>
  detailOf(data) ?? firstFieldMessage(data) ?? 'Не удалось отключить двухэтапную проверку';

// ---------- Trimming a recording ----------
export const trimError = ({ data }: ErrorInfo) => detailOf(data) ?? firstFieldMessage(data) ?? 'Не удалось обрезать запись';
