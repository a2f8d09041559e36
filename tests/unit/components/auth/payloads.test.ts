import { describe, expect, it } from 'vitest';
import { toRegisterPayload } from '@/components/auth/use-auth-flows';
import { profileDiffers } from '@/components/profile/use-profile';
import type { User } from '@/lib/auth/types';

describe('registration payload', () => {
  const values = {
    first_name: ' Анна ',
    last_name: 'Петрова',
    phone: '',
    email: 'anna@example.com',
    password: 'secret-123',
    password2: 'secret-123',
  };
  it('sends names, email, both passwords and the generated username, without an empty phone', () => {
    expect(toRegisterPayload(values, () => 0.5)).toEqual({
      first_name: 'Анна',
      last_name: 'Петрова',
      email: 'anna@example.com',
      password: 'secret-123',
      password2: 'secret-123',
      username: 'anna_5000',
    });
  });
  it('adds a leading + to the phone', () => {
    expect(toRegisterPayload({ ...values, phone: '7 999 123 45 67' }, () => 0).phone).toBe('+79991234567');
    expect(toRegisterPayload({ ...values, phone: '+7 (999) 123-45-67' }, () => 0).phone).toBe('+79991234567');
  });
});

describe('profile refetch rule', () => {
  const user = { first_name: 'А', last_name: 'Б', phone: '+79991234567' } as User;
  it('is off when the answer equals what was sent (phone formatting aside)', () => {
    expect(profileDiffers({ first_name: 'А', last_name: 'Б', phone: '+7 999 123-45-67' }, user)).toBe(false);
  });
  it('is on when the server answered something else', () => {
    expect(profileDiffers({ first_name: 'В' }, user)).toBe(true);
    expect(profileDiffers({ phone: '+70000000000' }, user)).toBe(true);
  });
});
