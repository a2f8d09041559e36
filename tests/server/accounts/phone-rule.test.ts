import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normalisePhone } from '../../../contract/phone.ts';
import { phoneField as formPhoneField } from '../../../lib/schemas/fields.ts';
import { phoneField as apiPhoneField } from '../../../server/accounts/validation.ts';

/** The sign-up form and the API decide on a phone number by one rule: what one accepts, the other does. */
const ACCEPTED: [string, string][] = [
  ['+79991234567', '+79991234567'],
  ['79991234567', '+79991234567'],
  ['89991234567', '+79991234567'],
  ['8 (999) 123-45-67', '+79991234567'],
  ['+7 (999) 123-45-67', '+79991234567'],
  ['+7.999.123.45.67', '+79991234567'],
  ['8.999.123.45.67', '+79991234567'],
  ['0079991234567', '+79991234567'],
  ['007 999 123 45 67', '+79991234567'],
  ['0044 20 7946 0958', '+442079460958'],
  ['+1 (415) 555-0100', '+14155550100'],
  ['  +44 20 7946 0958 ', '+442079460958'],
  ['+7\u00a0999\u00a0123\u00a045\u00a067', '+79991234567'],
  ['123456789012345', '+123456789012345'],
];
const REFUSED = ['12-34', '+123456789', '+1234567890123456', 'abc', '++79991234567', '+7 999 123 45 6x', '00', '+7/999/1234567', '0'];

describe('the phone rule', () => {
  it.each(ACCEPTED)('%j is accepted by the form and by the API, and kept as %s', (input, kept) => {
    expect(normalisePhone(input)).toBe(kept);
    expect(formPhoneField().safeParse(input).success).toBe(true);
    expect(z.object({ phone: apiPhoneField() }).parse({ phone: input })).toEqual({ phone: kept });
  });

  it.each(REFUSED)('%j is refused by the form and by the API', (input) => {
    expect(normalisePhone(input)).toBeNull();
    expect(formPhoneField().safeParse(input).success).toBe(false);
    expect(apiPhoneField().safeParse(input).success).toBe(false);
  });
});
