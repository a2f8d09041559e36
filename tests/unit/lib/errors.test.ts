import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { ERROR_CODES, errorBodySchema, errorCodeOf, takenFieldsOf } from '@/contract/errors';
import * as E from '@/lib/errors';
import * as M from '@/lib/media-errors';

const i = (status: number | null, data: unknown): E.ErrorInfo => ({ status, data });

describe('errorInfo', () => {
  it('an ApiError is its own status and decoded body', async () => {
    const err = await ApiError.fromResponse(new Response(JSON.stringify({ detail: 'Нет' }), { status: 403 }));
    expect(E.errorInfo(err)).toMatchObject({ status: 403, data: { detail: 'Нет' } });
    const text = await ApiError.fromResponse(new Response('Текст ошибки', { status: 400 }));
    expect(E.errorInfo(text)).toMatchObject({ status: 400, data: 'Текст ошибки' });
  });
  it('treats anything else as a network failure', () => {
    expect(E.errorInfo(new TypeError('Failed to fetch'))).toEqual({ status: null, data: null });
  });
});

describe('error codes (contract/errors.ts)', () => {
  it('reads a known code from any body, and no code from a field named `code` or an unknown one', () => {
    expect(errorCodeOf({ detail: 'Email не подтвержден', code: 'email_not_verified' })).toBe('email_not_verified');
    expect(errorCodeOf({ email: ['x'], code: 'unique' })).toBe('unique');
    expect(errorCodeOf({ code: ['Неверный или просроченный код'] })).toBeNull();
    expect(errorCodeOf({ detail: 'x', code: 'something_new' })).toBeNull();
    expect(errorCodeOf('unique')).toBeNull();
    expect(errorCodeOf(null)).toBeNull();
    expect(ERROR_CODES).toEqual(expect.arrayContaining(['token_not_valid', 'email_not_verified', 'unique']));
  });
  it('names the taken fields of a unique-constraint body only when it carries the code', () => {
    expect(takenFieldsOf({ email: ['user with this email already exists.'], phone: ['…'], code: 'unique' })).toEqual(['email', 'phone']);
    expect(takenFieldsOf({ email: ['user with this email already exists.'] })).toEqual([]);
    expect(takenFieldsOf({ detail: 'x', code: 'unique' })).toEqual([]);
    expect(takenFieldsOf({ email: ['x'], code: 'token_not_valid' })).toEqual([]);
  });
  it('a unique-constraint body is an error body of the contract', () => {
    expect(errorBodySchema.safeParse({ email: ['user with this email already exists.'], code: 'unique' }).success).toBe(true);
  });
});

describe('login', () => {
  it('the email_not_verified code starts the unconfirmed flow, whatever the words', () => {
    expect(E.loginError(i(403, { detail: 'Email не подтвержден', code: 'email_not_verified' }))).toEqual({
      message: 'Ваш email не подтвержден. Пожалуйста, подтвердите ваш email.',
      unconfirmed: true,
    });
    expect(E.loginError(i(403, { detail: 'Email not verified', code: 'email_not_verified' })).unconfirmed).toBe(true);
  });
  it('the words «Email не подтвержден» without the code are only words', () => {
    expect(E.loginError(i(400, { error: 'Email не подтвержден' }))).toEqual({ message: 'Email не подтвержден', unconfirmed: false });
    expect(E.loginError(i(403, { detail: 'Email не подтвержден' })).unconfirmed).toBe(false);
  });
  it("otherwise the server's detail, error text or data, else 'Ошибка при входе'", () => {
    expect(E.loginError(i(401, { detail: 'Неверный email или пароль' }))).toEqual({
      message: 'Неверный email или пароль',
      unconfirmed: false,
    });
    expect(E.loginError(i(400, { error: 'Аккаунт заблокирован' })).message).toBe('Аккаунт заблокирован');
    expect(E.loginError(i(400, 'Текст ошибки')).message).toBe('Текст ошибки');
    expect(E.loginError(i(400, { email: ['Обязательное поле'] })).message).toBe('Обязательное поле');
    expect(E.loginError(i(null, null)).message).toBe('Ошибка при входе');
  });
  it('phone login failure: data else Ошибка при входе; SMS request: data else Ошибка при отправке SMS', () => {
    expect(E.phoneLoginError(i(400, { detail: 'Неверный код' }))).toBe('Неверный код');
    expect(E.phoneLoginError(i(500, null))).toBe('Ошибка при входе');
    expect(E.smsRequestError(i(400, { phone: ['Некорректный номер'] }))).toBe('Некорректный номер');
    expect(E.smsRequestError(i(null, null))).toBe('Ошибка при отправке SMS');
  });
});

describe('registration', () => {
  it.each([
    [{ email: ['user with this email already exists.'], code: 'unique' }, 'Пользователь с таким email уже существует'],
    [
      { username: ['A user with that username already exists.'], code: 'unique' },
      'Пользователь с таким именем пользователя уже существует',
    ],
    [{ phone: ['user with this phone already exists.'], code: 'unique' }, 'Пользователь с таким номером телефона уже существует'],
    [{ phone: ['Номер занят'], code: 'unique' }, 'Пользователь с таким номером телефона уже существует'],
  ])('400 %j → %s', (data, expected) => {
    expect(E.registrationError(i(400, data))).toBe(expected);
  });
  it('«already exists» without the unique code is not a taken address: the server text is shown as it is', () => {
    expect(E.registrationError(i(400, { email: ['user with this email already exists.'] }))).toBe('user with this email already exists.');
    expect(E.registrationError(i(400, { phone: ['user with this phone already exists.'] }))).toBe('user with this phone already exists.');
  });
  it('otherwise the first message of the first field, else Ошибка при регистрации', () => {
    expect(E.registrationError(i(400, { password: ['Слишком короткий', 'Второй'], email: ['x'] }))).toBe('Слишком короткий');
    expect(E.registrationError(i(400, { detail: 'Некорректный запрос.' }))).toBe('Некорректный запрос.');
    expect(E.registrationError(i(400, {}))).toBe('Ошибка при регистрации');
    // A machine code is no message, wherever it stands in the body.
    expect(E.registrationError(i(400, { code: 'unique', first_name: ['Занято'] }))).toBe('Занято');
  });
  it('a closed server, or one by invitation only, says so (403 with its detail)', () => {
    const closed = 'Регистрация закрыта. Обратитесь к администратору.';
    expect(E.registrationError(i(403, { detail: closed }))).toBe(closed);
    expect(E.registrationError(i(403, null))).toBe('Регистрация сейчас недоступна.');
  });
  it('any other failure asks to try later', () => {
    expect(E.registrationError(i(500, { detail: 'x' }))).toBe('Ошибка при регистрации. Пожалуйста, попробуйте позже.');
    expect(E.registrationError(i(null, null))).toBe('Ошибка при регистрации. Пожалуйста, попробуйте позже.');
  });
});

describe('verification and resend', () => {
  it('email verify: detail, error or data, else the generic text', () => {
    expect(E.verifyEmailError(i(400, { detail: 'Неверный код' }))).toBe('Неверный код');
    expect(E.verifyEmailError(i(400, { error: 'Код истёк' }))).toBe('Код истёк');
    expect(E.verifyEmailError(i(400, { code: ['Неверный код подтверждения'] }))).toBe('Неверный код подтверждения');
    expect(E.verifyEmailError(i(null, null))).toBe('Ошибка при подтверждении email');
    expect(E.EMAIL_VERIFIED).toBe('Email успешно подтвержден');
  });
  it('phone verify: data else the generic text', () => {
    expect(E.verifyPhoneError(i(400, { detail: 'Неверный код' }))).toBe('Неверный код');
    expect(E.verifyPhoneError(i(null, null))).toBe('Ошибка при подтверждении телефона');
  });
  it('resend texts', () => {
    expect(E.resendError(i(500, null))).toBe('Ошибка при отправке кода');
    expect(E.resendError(i(429, { detail: 'Слишком много попыток. Повторите через 40 с.' }))).toBe(
      'Слишком много попыток. Повторите через 40 с.',
    );
    expect(E.CODE_RESENT).toBe('Новый код отправлен на ваш email');
    expect(E.EMAIL_NOT_FOUND).toBe('Email не найден');
    expect(E.PHONE_NOT_FOUND).toBe('Телефон не найден');
  });
});

describe('password reset', () => {
  it('forgot: detail or the generic text; success text', () => {
    expect(E.forgotPasswordError(i(429, { detail: 'Подождите' }))).toBe('Подождите');
    expect(E.forgotPasswordError(i(500, null))).toBe('Ошибка при отправке инструкций');
    expect(E.RESET_SENT).toBe('Инструкции по восстановлению пароля отправлены на ваш email');
  });
  it('reset: detail or the generic text', () => {
    expect(E.resetPasswordError(i(400, { detail: 'Ссылка недействительна' }))).toBe('Ссылка недействительна');
    expect(E.resetPasswordError(i(500, null))).toBe('Ошибка при сбросе пароля');
  });
});

describe('password reset by SMS', () => {
  it("asking for the code: a throttled request shows the server's wait, a refused number its field message, else the SMS failure text", () => {
    expect(E.resetCodeRequestError(i(429, { detail: 'Слишком много попыток. Повторите через 42 с.' }))).toBe(
      'Слишком много попыток. Повторите через 42 с.',
    );
    expect(E.resetCodeRequestError(i(400, { phone: ['Введите номер телефона в формате +7 (999) 123-45-67'] }))).toBe(
      'Введите номер телефона в формате +7 (999) 123-45-67',
    );
    expect(E.resetCodeRequestError(i(500, null))).toBe('Ошибка при отправке SMS');
    expect(E.resetCodeRequestError(i(null, null))).toBe('Ошибка при отправке SMS');
  });
  it('the sent notice names the number but not whether an account has it', () => {
    const text = E.resetCodeSent('+79991234567');
    expect(text).toBe('Если номер +79991234567 подтверждён в аккаунте, на него отправлен код по SMS');
  });
  it("resetting with a wrong code shows the server's message; a field message, else the generic text", () => {
    expect(E.resetPasswordError(i(400, { detail: 'Неверный или просроченный код' }))).toBe('Неверный или просроченный код');
    expect(E.resetPasswordError(i(400, { code: ['Код должен состоять из 6 цифр'] }))).toBe('Код должен состоять из 6 цифр');
    expect(E.resetPasswordError(i(null, null))).toBe('Ошибка при сбросе пароля');
  });
});

describe('profile', () => {
  it('fetch and update', () => {
    expect(E.profileFetchError(i(500, { detail: 'Сбой' }))).toBe('Сбой');
    expect(E.profileFetchError(i(null, null))).toBe('Ошибка при получении данных пользователя');
    expect(E.profileUpdateError(i(400, { detail: 'Нельзя' }))).toBe('Нельзя');
    expect(E.profileUpdateError(i(400, { phone: ['user with this phone already exists.'], code: 'unique' }))).toBe(
      'Пользователь с таким номером телефона уже существует',
    );
    expect(E.profileUpdateError(i(400, { phone: ['user with this phone already exists.'] }))).toBe('user with this phone already exists.');
    expect(E.profileUpdateError(i(null, null))).toBe('Ошибка при обновлении профиля');
  });
  it('password change: the whole data, or the generic text', () => {
    expect(E.passwordChangeError(i(400, { error: 'Ошибка X' }))).toBe('Ошибка X');
    expect(E.passwordChangeError(i(400, { old_password: ['Неверный текущий пароль'] }))).toBe('Неверный текущий пароль');
    expect(E.passwordChangeError(i(400, { new_password: ['A'], new_password2: ['B'] }))).toBe('A B');
    expect(E.passwordChangeError(i(null, null))).toBe('Ошибка при смене пароля');
  });
});

describe('account deletion', () => {
  const del = (s: number | null, d: unknown) => E.accountDeletionError(i(s, d));
  it('decides by the status and the contract’s body, never by the wording of its text', () => {
    // The server deletes an account's media with it: no related data refuses a deletion, and no text is matched.
    expect(del(400, { detail: 'IntegrityError: FOREIGN KEY constraint failed' }).message).toBe(
      'IntegrityError: FOREIGN KEY constraint failed',
    );
    expect(del(500, { detail: 'violates foreign key constraint' }).message).toBe('Ошибка сервера. Пожалуйста, попробуйте позже.');
  });
  it('other 400: detail, the password error, or the check-related-data message', () => {
    expect(del(400, { detail: 'Подтвердите удаление' }).message).toBe('Подтвердите удаление');
    expect(del(400, { password: ['Неверный пароль'] }).message).toBe('Неверный пароль');
    expect(del(400, {}).message).toBe('Невозможно удалить аккаунт. Убедитесь, что все связанные данные удалены.');
  });
  it('401 asks to log in again and clears tokens', () => {
    expect(del(401, { detail: 'x' })).toEqual({
      message: 'Требуется повторная авторизация. Пожалуйста, войдите снова.',
      clearTokens: true,
    });
  });
  it('403, 405', () => {
    expect(del(403, { detail: 'x' }).message).toBe('У вас нет прав на удаление этого аккаунта.');
    expect(del(405, null).message).toBe('Метод не поддерживается сервером. Обратитесь к администратору.');
  });
  it('5xx: the server error', () => {
    expect(del(502, null).message).toBe('Ошибка сервера. Пожалуйста, попробуйте позже.');
  });
  it('otherwise the detail or the first field’s message of a contract body, or the generic text', () => {
    expect(del(409, { detail: 'Конфликт' }).message).toBe('Конфликт');
    expect(del(418, { reason: ['Сообщение'] }).message).toBe('Сообщение');
    // A body the contract does not describe says nothing.
    expect(del(418, { message: 'Сообщение' }).message).toBe('Произошла ошибка при удалении аккаунта');
    expect(del(null, null)).toEqual({ message: 'Произошла ошибка при удалении аккаунта', clearTokens: false });
  });
});

describe('media', () => {
  it("a failed edit or deletion: the flow's words, then the server's (never a list of attempts)", () => {
    expect(M.mediaUpdateError(new ApiError(400, { title: ['Название обязательно'] }))).toBe(
      'Ошибка при обновлении записи: Название обязательно',
    );
    expect(M.mediaDeleteError(new ApiError(404, { detail: 'Не найдено.' }))).toBe('Ошибка при удалении записи: Не найдено.');
    expect(M.mediaUpdateError(ApiError.noAnswer())).toBe('Ошибка при обновлении записи: нет соединения с сервером');
    expect(M.mediaUpdateError(new ApiError(405, '<html>405</html>'))).toBe(
      'Ошибка при обновлении записи: метод не поддерживается сервером',
    );
    expect(M.mediaDeleteError(new ApiError(502, null))).toBe('Ошибка при удалении записи: ошибка сервера, попробуйте позже');
    expect(M.mediaDeleteError(new ApiError(403, null))).toBe('Ошибка при удалении записи');
    expect(M.mediaUpdateError(new Error('boom'))).toBe('Ошибка при обновлении записи');
  });
  it("the recorder's save: the server's detail or its first error on the file field, else no answer", () => {
    expect(M.audioSaveError(new ApiError(400, { title: ['t'], audio_file: ['Файл слишком большой'] }))).toBe(
      'Ошибка при сохранении записи: Файл слишком большой',
    );
    expect(M.audioSaveError(new ApiError(400, { detail: 'Нет места' }))).toBe('Ошибка при сохранении записи: Нет места');
    expect(M.audioSaveError(ApiError.noAnswer())).toBe('Ошибка при сохранении записи: нет соединения с сервером');
    expect(M.audioSaveError(new ApiError(502, null))).toBe('Ошибка при сохранении записи');
  });
});
