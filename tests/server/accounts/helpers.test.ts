import { describe, expect, it } from 'vitest';
import { generateCode, hashCode, hashResetToken, isSixDigits } from '../../../server/accounts/codes.ts';
import { normalisePhone } from '../../../contract/phone.ts';
import { generateUsername, USERNAME_RE, usernameBase } from '../../../server/accounts/username.ts';
import { encodeHeader } from '../../../server/notify/create-mailer.ts';

describe('normalisePhone', () => {
  it.each([
    ['+79123456789', '+79123456789'],
    ['79123456789', '+79123456789'],
    ['89123456789', '+79123456789'],
    ['8 (912) 345-67-89', '+79123456789'],
    ['+7 912 345 67 89', '+79123456789'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['  +44 20 7946 0958 ', '+442079460958'],
    ['123456789012345', '+123456789012345'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each(['', '12-34', '+123456789', '+1234567890123456', 'abc', '+7912345678x', '++79123456789'])('rejects %j', (input) => {
    expect(normalisePhone(input)).toBeNull();
  });
});

describe('generateUsername', () => {
  it('is the local part, an underscore and a number below 10000', () => {
    expect(generateUsername('anna.k@example.com', () => 42)).toBe('anna.k_42');
    for (let i = 0; i < 200; i++) {
      const name = generateUsername('maria@example.com');
      expect(name).toMatch(/^maria_(\d{1,4})$/);
      expect(Number(name.split('_')[1])).toBeLessThan(10000);
    }
  });

  it('keeps only username characters and never comes out empty', () => {
    expect(usernameBase('ан!на+tag@example.com')).toBe('+tag');
    expect(usernameBase('!!!@example.com')).toBe('user');
    expect(usernameBase(`${'a'.repeat(300)}@example.com`)).toHaveLength(140);
    expect(generateUsername('"quoted name"@example.com', () => 7)).toMatch(USERNAME_RE);
  });
});

describe('codes', () => {
  it('are 6 digits with leading zeros kept', () => {
    expect(generateCode(() => 42)).toBe('000042');
    for (let i = 0; i < 100; i++) expect(isSixDigits(generateCode())).toBe(true);
  });

  it('are hashed per purpose with the secret, never stored as is', () => {
    const h = hashCode('secret-1', 'email_verify', '123456');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('123456');
    expect(hashCode('secret-1', 'email_verify', '123456')).toBe(h);
    expect(hashCode('secret-2', 'email_verify', '123456')).not.toBe(h);
    expect(hashCode('secret-1', 'phone_login', '123456')).not.toBe(h);
    expect(hashCode('secret-1', 'email_verify', '123457')).not.toBe(h);
  });

  it('reset tokens are stored as SHA-256', () => {
    expect(hashResetToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('encodeHeader', () => {
  it('leaves ASCII alone and RFC 2047-encodes the rest', () => {
    expect(encodeHeader('Hello')).toBe('Hello');
    const enc = encodeHeader('Копилка: код');
    expect(enc).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    expect(Buffer.from(enc.slice(10, -2), 'base64').toString('utf8')).toBe('Копилка: код');
  });
});
