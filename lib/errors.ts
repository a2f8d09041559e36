// First: zod without its `new Function` probe (which the Content-Security-Policy reports) for every
// schema made after it, the contract's included.
import '@/lib/schemas/zod-config';
import { allMessages, ApiError, dataText, detailOf, firstFieldMessage } from '@/lib/api/api-error';
import { detailErrorSchema, ERROR_CODE, errorBodySchema, errorCodeOf, fieldErrorsSchema, takenFieldsOf } from '@/contract/errors';

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
  // Closed, or by invitation only: the server says which.
  if (status === 403) return detailOf(data) ?? 'Регистрация сейчас недоступна.';
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

/** Password change: every message of the answer (the spec's "whole data"), or the generic text. */
export const passwordChangeError = ({ data }: ErrorInfo) => allMessages(data) ?? 'Ошибка при смене пароля';

// ---------- Account deletion ----------
export const DELETE_CHECK_RELATED = 'Невозможно удалить аккаунт. Убедитесь, что все связанные данные удалены.';
export const DELETE_REAUTH = 'Требуется повторная авторизация. Пожалуйста, войдите снова.';
export const DELETE_FORBIDDEN = 'У вас нет прав на удаление этого аккаунта.';
export const DELETE_METHOD = 'Метод не поддерживается сервером. Обратитесь к администратору.';
export const DELETE_SERVER = 'Ошибка сервера. Пожалуйста, попробуйте позже.';
export const DELETE_GENERIC = 'Произошла ошибка при удалении аккаунта';

/**
 * Account deletion, by status, reading the body by the contract (errorBodySchema): a 400's detail or the
 * password's refusal (contract.md: a wrong password is 400 {"password": [...]}), a 401 clears the tokens, and any
 * other answer's detail or first field message, else the flow's own words.
 */
export function accountDeletionError({ status, data }: ErrorInfo): { message: string; clearTokens: boolean } {
  const msg = (message: string, clearTokens = false) => ({ message, clearTokens });
  const body = errorBodySchema.safeParse(data).success ? data : null;
  const detail = detailErrorSchema.safeParse(body).data?.detail ?? null;
  const password = fieldErrorsSchema.safeParse(body).data?.password?.[0] ?? null;
  if (status === 400) return msg(detail ?? password ?? DELETE_CHECK_RELATED);
  if (status === 401) return msg(DELETE_REAUTH, true);
  if (status === 403) return msg(DELETE_FORBIDDEN);
  if (status === 405) return msg(DELETE_METHOD);
  if (status !== null && status >= 500) return msg(DELETE_SERVER);
  return msg(detail ?? firstFieldMessage(body) ?? DELETE_GENERIC);
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
