export const PHONE_INVALID = 'Введите корректный номер телефона';

/** A number as a notice may show it: the country code and the last two digits (+7********67). */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? phone : phone.slice(0, 2) + '*'.repeat(phone.length - 4) + phone.slice(-2);
}
