/**
 * Phone numbers are kept in one shape: `+` followed by 10–15 digits.
 * Spaces, dashes, dots and parentheses are dropped, a missing `+` is added, and the Russian
 * trunk form 8XXXXXXXXXX (11 digits starting with 8) becomes +7XXXXXXXXXX.
 * Returns null when the result is not a plausible number.
 */
export function normalisePhone(input: string): string | null {
  let s = input.trim().replace(/[\s\-().\u00a0]/g, '');
  if (s.startsWith('00')) s = s.slice(2);
  if (!s.startsWith('+')) {
    if (/^8\d{10}$/.test(s)) s = '7' + s.slice(1);
    s = '+' + s;
  }
  return /^\+\d{10,15}$/.test(s) ? s : null;
}

export const PHONE_INVALID = 'Введите корректный номер телефона';

/** A number as a notice may show it: the country code and the last two digits (+7********67). */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? phone : phone.slice(0, 2) + '*'.repeat(phone.length - 4) + phone.slice(-2);
}
