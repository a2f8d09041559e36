import { DESCRIPTION_MAX, NAME_MAX, TITLE_MAX } from '@/contract/limits';

/** Russian validation texts. The first group is the product's wording, verbatim; the rest cover the fields it leaves open. */
export const REQUIRED = 'Обязательное поле';
export const PASSWORDS_DIFFER = 'Пароли не совпадают';
export const CODE_SIX_DIGITS = 'Код должен состоять из 6 цифр';
export const EMAIL_INVALID = 'Введите корректный email';
export const PASSWORD_TOO_SHORT = 'Пароль должен содержать минимум 8 символов';
export const TITLE_REQUIRED = 'Название обязательно';

export const PHONE_INVALID = 'Введите номер телефона в формате +7 (999) 123-45-67';
export const NAME_TOO_LONG = `Не более ${NAME_MAX} символов`;
export const TITLE_TOO_LONG = `Не длиннее ${TITLE_MAX} символов`;
export const DESCRIPTION_TOO_LONG = `Не длиннее ${DESCRIPTION_MAX} символов`;
