import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, SecretBox, totpStep } from '../../../server/auth/totp.ts';

describe('sign-in code helpers', () => {
  it('seals a secret so that only the same SECRET_KEY opens it, and a tampered value opens to nothing', () => {
    const box = new SecretBox('a-secret-key-that-is-long-enough-000000');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(new SecretBox('another-secret-key-that-is-long-enough').open(sealed)).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = `${data![0] === 'A' ? 'B' : 'A'}${data!.slice(1)}`;
    expect(box.open([v, iv, tag, flipped].join('.'))).toBeNull();
    expect(box.open('garbage')).toBeNull();
  });

  it('accepts the code of the current step and of the steps either side, and names the step', () => {
    const { secret } = newTotpSecret('anna@example.com');
    const now = new Date(Date.UTC(2026, 0, 1, 12, 0, 15));
    const step = Math.floor(now.getTime() / 30_000);
    const at = (offsetSteps: number) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now.getTime() + offsetSteps * 30_000 });
    expect(totpStep(secret, at(0), now)).toBe(step);
    expect(totpStep(secret, at(-1), now)).toBe(step - 1);
    expect(totpStep(secret, at(1), now)).toBe(step + 1);
    if (![at(-1), at(0), at(1)].includes(at(2))) expect(totpStep(secret, at(2), now)).toBeNull();
    expect(totpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('makes ten recovery codes of unmistakable characters, and reads them back whatever the case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    for (const c of codes) {
      expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(normaliseRecoveryCode(` ${c.toUpperCase()} `)).toBe(c.replace('-', ''));
    }
    expect(normaliseRecoveryCode('123456')).toBeNull();
    expect(normaliseRecoveryCode('abcde-fghi1')).toBeNull();
  });
});
