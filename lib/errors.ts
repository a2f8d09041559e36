import { HTTPError } from 'ky';

/**
 * Server error → the Russian message people see, one function per flow. The mapping functions are
 * pure (they take `{status, data}`); `errorInfo` turns whatever was thrown into that shape.
 */
export interface ErrorInfo {
  /** HTTP status, or null for a network failure / non-HTTP error. */
  status: number | null;
  /** The parsed JSON body (DRF shape), a string, or null. */
  data: unknown;
}

export async function errorInfo(error: unknown): Promise<ErrorInfo> {
  if (error instanceof HTTPError) {
    let data: unknown;
    try {
      const text = await error.response.clone().text();
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        data = text || null;
      }
    } catch {
      data = null;
    }
    return { status: error.response.status, data };
  }
  if (error && typeof error === 'object' && 'status' in error && 'data' in error && typeof error.status === 'number') {
    return { status: error.status, data: (error as { data: unknown }).data };
  }
  return { status: null, data: null };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

function firstString(v: unknown): string | null {
  if (typeof v === 'string') return nonEmpty(v);
  if (Array.isArray(v)) {
    for (const item of v) {
      const s = firstString(item);
      if (s) return s;
    }
  }
  if (isObj(v)) {
    for (const item of Object.values(v)) {
      const s = firstString(item);
      if (s) return s;
    }
  }
  return null;
}

export const detailOf = (data: unknown): string | null => (isObj(data) ? nonEmpty(data.detail) : null);
const errorOf = (data: unknown): string | null => (isObj(data) ? nonEmpty(data.error) : null);
const messageOf = (data: unknown): string | null => (isObj(data) ? nonEmpty(data.message) : null);

/** The first message of the first field of a DRF body ({"email": ["…"]} → "…"). */
export function firstFieldMessage(data: unknown): string | null {
  if (!isObj(data)) return null;
  for (const value of Object.values(data)) {
    const s = firstString(value);
    if (s) return s;
  }
  return null;
}

/** "Server data" as text: a plain string, or detail/error/message, or the first field message. */
export function dataText(data: unknown): string | null {
  if (typeof data === 'string') return nonEmpty(data);
  return detailOf(data) ?? errorOf(data) ?? messageOf(data) ?? firstFieldMessage(data);
}

/** Every message in a DRF body, joined (for "the whole data"). */
export function allMessages(data: unknown): string | null {
  if (typeof data === 'string') return nonEmpty(data);
  if (!isObj(data)) return null;
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string' && v.trim()) out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) Object.values(v).forEach(walk);
  };
  Object.entries(data).forEach(([k, v]) => {
    if (k !== 'code' && k !== 'messages') walk(v);
  });
  return out.length ? out.join(' ') : null;
}

const mentionsAlreadyExists = (v: unknown) => /already exists/i.test(JSON.stringify(v ?? ''));

// ---------- Login ----------
export const EMAIL_NOT_CONFIRMED = 'Ваш email не подтвержден. Пожалуйста, подтвердите ваш email.';

export function loginError({ data }: ErrorInfo): { message: string; unconfirmed: boolean } {
  const text = dataText(data);
  const unconfirmed = /Email не подтвержден/i.test(text ?? '') || (isObj(data) && data.code === 'email_not_verified');
  if (unconfirmed) return { message: EMAIL_NOT_CONFIRMED, unconfirmed: true };
  return { message: text ?? 'Ошибка при входе', unconfirmed: false };
}

export const phoneLoginError = ({ data }: ErrorInfo) => dataText(data) ?? 'Ошибка при входе';
export const smsRequestError = ({ data }: ErrorInfo) => dataText(data) ?? 'Ошибка при отправке SMS';

// ---------- Registration ----------
export function registrationError({ status, data }: ErrorInfo): string {
  if (status !== 400) return 'Ошибка при регистрации. Пожалуйста, попробуйте позже.';
  if (isObj(data)) {
    if (mentionsAlreadyExists(data.email)) return 'Пользователь с таким email уже существует';
    if (mentionsAlreadyExists(data.username)) return 'Пользователь с таким именем пользователя уже существует';
    if (mentionsAlreadyExists(data.phone)) return 'Пользователь с таким номером телефона уже существует';
  }
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
  if (isObj(data) && mentionsAlreadyExists(data.phone)) return 'Пользователь с таким номером телефона уже существует';
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

// ---------- Sessions, e-mail change, two-step sign-in ----------
/**
 * The server's field errors that belong to fields of the form (to show under each field), and the
 * first message of the rest (for the form's alert).
 */
export function splitFieldErrors<F extends string>(
  data: unknown,
  fields: readonly F[],
): { fields: Partial<Record<F, string>>; rest: string | null } {
  const out: Partial<Record<F, string>> = {};
  let rest: string | null = null;
  if (!isObj(data)) return { fields: out, rest: dataText(data) };
  for (const [key, value] of Object.entries(data)) {
    if (key === 'code' && typeof value === 'string') continue; // a machine code like token_not_valid, not a field
    const text = firstString(value);
    if (!text) continue;
    if ((fields as readonly string[]).includes(key)) out[key as F] = text;
    else rest ??= text;
  }
  return { fields: out, rest };
}

export const sessionsLoadError = ({ data }: ErrorInfo) => detailOf(data) ?? 'Не удалось загрузить список сеансов';
export const sessionEndError = ({ data }: ErrorInfo) => detailOf(data) ?? 'Не удалось завершить сеанс';

/** E-mail change, both steps: an address in use reads as at registration. */
export function emailChangeError({ data }: ErrorInfo, fallback: string): string {
  if (isObj(data) && (mentionsAlreadyExists(data.new_email) || mentionsAlreadyExists(data.email))) {
    return 'Пользователь с таким email уже существует';
  }
  return dataText(data) ?? fallback;
}

export const twoFactorError = ({ data }: ErrorInfo, fallback: string) => dataText(data) ?? fallback;
export const secondStepError = ({ data }: ErrorInfo) => dataText(data) ?? 'Ошибка при входе';
