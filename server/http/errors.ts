import { ERROR_CODE, type DetailError, type ErrorBody, type FieldErrors } from '../../contract/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { StorageUnavailable } from '../storage/storage.ts';

/**
 * DRF-shaped errors (contract/errors.ts). Services throw these; the error handler in app.ts turns
 * them into replies. One error: {"detail": "..."}; field errors: {"field": ["..."]}; cross-field:
 * non_field_errors. An error the client acts on carries its `code` (ERROR_CODE), which it decides by.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ErrorBody,
    public readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

export const detailError = (status: number, detail: string, extra: Omit<DetailError, 'detail'> = {}) =>
  new ApiError(status, { ...extra, detail });

export const fieldErrors = (errors: FieldErrors, status = 400) => new ApiError(status, errors);

export const fieldError = (field: string, message: string, status = 400) => new ApiError(status, { [field]: [message] });

/**
 * A unique-constraint refusal (400): DRF's field errors as they are (`{"email": ["user with this email
 * already exists."]}`) and `"code": "unique"` beside them, which the client decides by.
 */
export const uniqueError = (errors: FieldErrors) => new ApiError(400, { ...errors, code: ERROR_CODE.unique });

export const notFound = () => detailError(404, 'Не найдено.');

export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    { detail: `Слишком много попыток. Повторите через ${retryAfterSeconds} с.` },
    { 'Retry-After': String(retryAfterSeconds) },
  );

export const tokenNotValid = () =>
  new ApiError(401, {
    detail: 'Given token not valid for any token type',
    code: ERROR_CODE.token_not_valid,
    messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
  });

export const notAuthenticated = () => detailError(401, 'Учетные данные не были предоставлены.', { code: ERROR_CODE.not_authenticated });

/** What a request that met the media storage unavailable is told (503), and when to try again. */
export const STORAGE_UNAVAILABLE_DETAIL = 'Хранилище файлов временно недоступно. Повторите попытку через минуту.';
export const STORAGE_RETRY_AFTER_SECONDS = 60;
/** What a request that met the database unavailable (restarting, failing over) is told (503), and when to try again. */
export const DATABASE_UNAVAILABLE_DETAIL = 'Сервис временно недоступен. Повторите попытку через несколько секунд.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The 503 answer of an error that says the storage or the database cannot be used now; null for any other error. */
export function unavailableAnswer(err: unknown): { error: ApiError; what: 'media storage' | 'database' } | null {
  if (err instanceof StorageUnavailable) {
    return {
      what: 'media storage',
      error: new ApiError(503, { detail: STORAGE_UNAVAILABLE_DETAIL }, { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) }),
    };
  }
  if (isDatabaseUnavailable(err)) {
    return {
      what: 'database',
      error: new ApiError(503, { detail: DATABASE_UNAVAILABLE_DETAIL }, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) }),
    };
  }
  return null;
}
