import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  codeSchema,
  forgotPasswordSchema,
  loginSchema,
  phoneLoginSchema,
  phoneResetRequestSchema,
  phoneResetSchema,
  registerSchema,
  resetPasswordSchema,
} from '@/lib/schemas/auth';
import { changePasswordSchema, deleteAccountSchema, phoneChanged, profileFormSchema, profileSchema } from '@/lib/schemas/profile';

function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const r = schema.safeParse(value);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

const validRegister = {
  first_name: 'Анна',
  last_name: 'Иванова',
  phone: '',
  email: 'anna@example.com',
  password: 'secret-123',
  password2: 'secret-123',
};

describe('register schema', () => {
  it('accepts a valid form with and without a phone', () => {
    expect(errors(registerSchema, validRegister)).toEqual({});
    expect(errors(registerSchema, { ...validRegister, phone: '+7 (999) 123-45-67' })).toEqual({});
  });
  it('requires first name, last name, email, password, confirmation', () => {
    expect(errors(registerSchema, { first_name: ' ', last_name: '', phone: '', email: '', password: '', password2: '' })).toEqual({
      first_name: 'Обязательное поле',
      last_name: 'Обязательное поле',
      email: 'Обязательное поле',
      password: 'Обязательное поле',
      password2: 'Обязательное поле',
    });
  });
  it("passwords must match: 'Пароли не совпадают'", () => {
    expect(errors(registerSchema, { ...validRegister, password2: 'other-123' })).toEqual({ password2: 'Пароли не совпадают' });
  });
  it('checks the email shape, the phone format and the password length', () => {
    expect(errors(registerSchema, { ...validRegister, email: 'nope' })).toEqual({ email: 'Введите корректный email' });
    expect(errors(registerSchema, { ...validRegister, phone: '12ab' })).toEqual({
      phone: 'Введите номер телефона в формате +7 (999) 123-45-67',
    });
    expect(errors(registerSchema, { ...validRegister, password: 'short', password2: 'short' })).toEqual({
      password: 'Пароль должен содержать минимум 8 символов',
    });
  });
});

describe('verify code', () => {
  it("required: 'Обязательное поле'; exactly 6 digits: 'Код должен состоять из 6 цифр'", () => {
    expect(errors(codeSchema, { code: '' })).toEqual({ code: 'Обязательное поле' });
    expect(errors(codeSchema, { code: '12345' })).toEqual({ code: 'Код должен состоять из 6 цифр' });
    expect(errors(codeSchema, { code: '1234567' })).toEqual({ code: 'Код должен состоять из 6 цифр' });
    expect(errors(codeSchema, { code: '12a456' })).toEqual({ code: 'Код должен состоять из 6 цифр' });
    expect(errors(codeSchema, { code: '123456' })).toEqual({});
  });
});

describe('forgot password', () => {
  it("required and 'Введите корректный email'", () => {
    expect(errors(forgotPasswordSchema, { email: '' })).toEqual({ email: 'Обязательное поле' });
    expect(errors(forgotPasswordSchema, { email: 'a@' })).toEqual({ email: 'Введите корректный email' });
    expect(errors(forgotPasswordSchema, { email: 'a@b.ru' })).toEqual({});
  });
});

describe('reset password', () => {
  it('required, min 8, equal confirmation', () => {
    expect(errors(resetPasswordSchema, { password: '', password2: '' })).toEqual({
      password: 'Обязательное поле',
      password2: 'Обязательное поле',
    });
    expect(errors(resetPasswordSchema, { password: '1234567', password2: '1234567' })).toEqual({
      password: 'Пароль должен содержать минимум 8 символов',
    });
    expect(errors(resetPasswordSchema, { password: '12345678', password2: '12345679' })).toEqual({ password2: 'Пароли не совпадают' });
    expect(errors(resetPasswordSchema, { password: '12345678', password2: '12345678' })).toEqual({});
  });
});

describe('reset by SMS: the number, then the code and the new password twice', () => {
  it("the number is required and must look like one ('+' optional, as on registration)", () => {
    expect(errors(phoneResetRequestSchema, { phone: ' ' })).toEqual({ phone: 'Обязательное поле' });
    expect(errors(phoneResetRequestSchema, { phone: '12-34' })).toEqual({ phone: 'Введите номер телефона в формате +7 (999) 123-45-67' });
    expect(errors(phoneResetRequestSchema, { phone: '7 (999) 123-45-67' })).toEqual({});
    expect(errors(phoneResetRequestSchema, { phone: '+79991234567' })).toEqual({});
  });
  it('a number written with dots or an international 00 prefix is a number, as the API takes it', () => {
    expect(errors(phoneResetRequestSchema, { phone: '+7.999.123.45.67' })).toEqual({});
    expect(errors(phoneResetRequestSchema, { phone: '007 999 123 45 67' })).toEqual({});
    expect(errors(phoneResetRequestSchema, { phone: '0079991234567' })).toEqual({});
  });
  it("everything empty: 'Обязательное поле' on the code and on both passwords", () => {
    expect(errors(phoneResetSchema, { code: '', password: '', password2: '' })).toEqual({
      code: 'Обязательное поле',
      password: 'Обязательное поле',
      password2: 'Обязательное поле',
    });
  });
  it("the code has exactly 6 digits: 'Код должен состоять из 6 цифр'", () => {
    for (const code of ['12345', '1234567', '12a456']) {
      expect(errors(phoneResetSchema, { code, password: '12345678', password2: '12345678' })).toEqual({
        code: 'Код должен состоять из 6 цифр',
      });
    }
    expect(errors(phoneResetSchema, { code: ' 123456 ', password: '12345678', password2: '12345678' })).toEqual({});
  });
  it('the password rules of the reset screen, reported together with a bad code', () => {
    expect(errors(phoneResetSchema, { code: '12', password: '1234567', password2: 'other' })).toEqual({
      code: 'Код должен состоять из 6 цифр',
      password: 'Пароль должен содержать минимум 8 символов',
      password2: 'Пароли не совпадают',
    });
    expect(errors(phoneResetSchema, { code: '123456', password: '12345678', password2: '12345679' })).toEqual({
      password2: 'Пароли не совпадают',
    });
  });
});

describe('login, phone login, profile, password change, deletion', () => {
  it('login needs an email and a password', () => {
    expect(errors(loginSchema, { email: '', password: '' })).toEqual({ email: 'Обязательное поле', password: 'Обязательное поле' });
    expect(errors(loginSchema, { email: 'x', password: 'p' })).toEqual({ email: 'Введите корректный email' });
  });
  it('phone login needs a phone', () => {
    expect(errors(phoneLoginSchema, { phone: '' })).toEqual({ phone: 'Обязательное поле' });
    expect(errors(phoneLoginSchema, { phone: '+7 999 123 45 67' })).toEqual({});
  });
  it('profile: names required, phone optional but well-formed', () => {
    expect(errors(profileSchema, { first_name: '', last_name: '', phone: '' })).toEqual({
      first_name: 'Обязательное поле',
      last_name: 'Обязательное поле',
    });
    expect(errors(profileSchema, { first_name: 'А'.repeat(151), last_name: 'Б', phone: '' })).toEqual({
      first_name: 'Не более 150 символов',
    });
  });
  it('profile: a changed or removed phone needs the current password; the same number written otherwise does not', () => {
    const schema = profileFormSchema('+79161234567');
    const base = { first_name: 'А', last_name: 'Б' };
    expect(errors(schema, { ...base, phone: '+79161234567' })).toEqual({});
    expect(errors(schema, { ...base, phone: '8 (916) 123-45-67', password: '' })).toEqual({});
    expect(errors(schema, { ...base, phone: '+79160000000', password: '' })).toEqual({ password: 'Обязательное поле' });
    expect(errors(schema, { ...base, phone: '' })).toEqual({ password: 'Обязательное поле' });
    expect(errors(schema, { ...base, phone: '+79160000000', password: 'secret' })).toEqual({});
    expect(errors(profileFormSchema(null), { ...base, phone: '+79160000000' })).toEqual({ password: 'Обязательное поле' });
    expect(errors(profileFormSchema(null), { ...base, phone: '' })).toEqual({});
  });
  it('profile: the same number with dots or an international 00 prefix is no change', () => {
    for (const typed of ['+7.916.123.45.67', '007 916 123 45 67', '8-916-123-45-67', ' +79161234567 ']) {
      expect(phoneChanged(typed, '+79161234567'), typed).toBe(false);
    }
    expect(phoneChanged('+7.916.123.45.68', '+79161234567')).toBe(true);
    expect(phoneChanged('', '+79161234567')).toBe(true);
    expect(phoneChanged(' ', null)).toBe(false);
  });
  it('change password: old required, new ≥ 8, confirmation equal', () => {
    expect(errors(changePasswordSchema, { old_password: '', new_password: 'abc', new_password2: 'abc' })).toEqual({
      old_password: 'Обязательное поле',
      new_password: 'Пароль должен содержать минимум 8 символов',
    });
    expect(errors(changePasswordSchema, { old_password: 'x', new_password: 'abcdefgh', new_password2: 'abcdefgx' })).toEqual({
      new_password2: 'Пароли не совпадают',
    });
  });
  it('account deletion needs the password', () => {
    expect(errors(deleteAccountSchema, { password: '' })).toEqual({ password: 'Обязательное поле' });
  });
});
