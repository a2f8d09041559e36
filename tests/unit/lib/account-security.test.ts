import { describe, expect, it } from 'vitest';
import { isSecondStep } from '@/lib/api/two-factor';
import { ApiError, splitFieldErrors } from '@/lib/api/api-error';
import { emailChangeError, errorInfo, secondStepError, sessionEndError, sessionsLoadError, twoFactorError } from '@/lib/errors';
import { emailChangeSchema } from '@/lib/schemas/email-change';
import { appCodeSchema, disableTwoFactorSchema, recoveryCodeSchema } from '@/lib/schemas/two-factor';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('two-step sign-in schemas', () => {
  it('wants 6 digits from the app', () => {
    expect(appCodeSchema.safeParse({ code: ' 123456 ' }).success).toBe(true);
    expect(firstMessage(appCodeSchema.safeParse({ code: '' }))).toBe('Обязательное поле');
    expect(firstMessage(appCodeSchema.safeParse({ code: '12345' }))).toBe('Код должен состоять из 6 цифр');
  });

  it('takes a recovery code whatever its case, spaces and dash', () => {
    expect(recoveryCodeSchema.safeParse({ code: 'ABCDE-FGH23' }).success).toBe(true);
    expect(recoveryCodeSchema.safeParse({ code: 'abcde fgh23' }).success).toBe(true);
    expect(firstMessage(recoveryCodeSchema.safeParse({ code: 'abc' }))).toBe(
      'Резервный код состоит из 10 букв и цифр, например abcde-fgh23',
    );
  });

  it('turning off takes the password and either kind of code', () => {
    expect(disableTwoFactorSchema.safeParse({ password: 'x', code: '123456' }).success).toBe(true);
    expect(disableTwoFactorSchema.safeParse({ password: 'x', code: 'abcde-fgh23' }).success).toBe(true);
    expect(firstMessage(disableTwoFactorSchema.safeParse({ password: 'x', code: '12' }))).toBe(
      'Введите 6 цифр из приложения или резервный код',
    );
    expect(firstMessage(disableTwoFactorSchema.safeParse({ password: '', code: '123456' }))).toBe('Обязательное поле');
  });

  it('tells a second-step answer from a session', () => {
    expect(isSecondStep({ mfa_required: true, mfa_token: 't' })).toBe(true);
    expect(isSecondStep({ access: 'a', refresh: 'r', user: {} })).toBe(false);
    expect(isSecondStep(null)).toBe(false);
  });
});

describe('e-mail change schema', () => {
  it('wants an address and the current password', () => {
    expect(emailChangeSchema.safeParse({ new_email: ' a@b.ru ', password: 'p' }).success).toBe(true);
    expect(firstMessage(emailChangeSchema.safeParse({ new_email: 'nope', password: 'p' }))).toBe('Введите корректный email');
    expect(firstMessage(emailChangeSchema.safeParse({ new_email: 'a@b.ru', password: '' }))).toBe('Обязательное поле');
  });
});

describe('account security errors', () => {
  it('splits the server field errors into the form fields and the rest', () => {
    expect(splitFieldErrors({ password: ['Неверный пароль'], detail: 'Ещё' }, ['password', 'code'])).toEqual({
      fields: { password: 'Неверный пароль' },
      rest: 'Ещё',
    });
    // `code` as a machine code beside a detail is not the code field.
    expect(splitFieldErrors({ detail: 'Токен', code: 'token_not_valid' }, ['code'])).toEqual({ fields: {}, rest: 'Токен' });
    expect(splitFieldErrors({ code: ['Неверный или просроченный код'] }, ['code'])).toEqual({
      fields: { code: 'Неверный или просроченный код' },
      rest: null,
    });
    expect(splitFieldErrors('Bad gateway', ['code'])).toEqual({ fields: {}, rest: 'Bad gateway' });
    // The unique code beside a field is not a message either.
    expect(splitFieldErrors({ new_email: ['user with this email already exists.'], code: 'unique' }, ['new_email'])).toEqual({
      fields: { new_email: 'user with this email already exists.' },
      rest: null,
    });
  });

  it('maps an address in use to the registration wording, else the server text or the fallback', () => {
    const info = (data: unknown) => ({ status: 400, data });
    expect(emailChangeError(info({ new_email: ['user with this email already exists.'], code: 'unique' }), 'x')).toBe(
      'Пользователь с таким email уже существует',
    );
    // The English words alone, without the code, are not «in use»: the server's text is shown as it is.
    expect(emailChangeError(info({ new_email: ['user with this email already exists.'] }), 'x')).toBe(
      'user with this email already exists.',
    );
    expect(emailChangeError(info({ detail: 'Неверный или просроченный код' }), 'x')).toBe('Неверный или просроченный код');
    expect(emailChangeError({ status: null, data: null }, 'Ошибка при смене email')).toBe('Ошибка при смене email');
    expect(secondStepError(info({ detail: 'Время для ввода кода истекло. Войдите снова.' }))).toBe(
      'Время для ввода кода истекло. Войдите снова.',
    );
    expect(secondStepError({ status: null, data: null })).toBe('Ошибка при входе');
    expect(sessionEndError(info({ detail: 'Не найдено.' }))).toBe('Не найдено.');
  });

  it('reads the words of a thrown ApiError, and falls back when there was no answer', () => {
    const refused = ApiError.fromText(400, JSON.stringify({ code: ['Неверный или просроченный код'] }));
    expect(twoFactorError(errorInfo(refused), 'Не удалось включить двухэтапную проверку')).toBe('Неверный или просроченный код');
    expect(sessionEndError(errorInfo(ApiError.fromText(404, JSON.stringify({ detail: 'Не найдено.' }))))).toBe('Не найдено.');
    expect(sessionsLoadError(errorInfo(ApiError.noAnswer()))).toBe('Не удалось загрузить список сеансов');
    expect(secondStepError(errorInfo(new Error('boom')))).toBe('Ошибка при входе');
  });
});
