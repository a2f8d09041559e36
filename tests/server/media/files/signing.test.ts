import { describe, expect, it } from 'vitest';
import { MEDIA_URL_TTL_SECONDS, mediaExpiry, signMediaPath, verifyMediaSignature } from '../../../../server/media/files/signing.ts';

describe('signed media URL expiry', () => {
  it('never outlives the TTL and lives at least three quarters of it, whatever the time of signing', () => {
    const start = Date.UTC(2026, 10, 21, 0, 0, 0);
    for (let s = 0; s < 2 * MEDIA_URL_TTL_SECONDS; s += 97) {
      const now = new Date(start + s * 1000);
      const left = mediaExpiry(now) - Math.floor(now.getTime() / 1000);
      expect(left).toBeLessThanOrEqual(MEDIA_URL_TTL_SECONDS);
      expect(left).toBeGreaterThanOrEqual((MEDIA_URL_TTL_SECONDS * 3) / 4);
    }
  });

  it('keeps one URL per key within an expiry window, so repeated lists hit the browser cache', () => {
    const now = new Date(Date.UTC(2026, 10, 21, 0, 0, 1));
    const later = new Date(now.getTime() + 60_000);
    expect(signMediaPath('s'.repeat(40), 'u/1/audio/a.mp3', now)).toBe(signMediaPath('s'.repeat(40), 'u/1/audio/a.mp3', later));
  });

  it('verifies until the expiry and not after', () => {
    const secret = 'k'.repeat(40);
    const now = new Date(Date.UTC(2026, 10, 21, 5, 17, 3));
    const url = new URL(signMediaPath(secret, 'u/1/photo/p.jpg', now), 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    expect(verifyMediaSignature(secret, 'u/1/photo/p.jpg', exp, sig, now)).toBe(true);
    expect(verifyMediaSignature(secret, 'u/1/photo/p.jpg', exp, sig, new Date(Number(exp) * 1000 - 1))).toBe(true);
    expect(verifyMediaSignature(secret, 'u/1/photo/p.jpg', exp, sig, new Date(Number(exp) * 1000))).toBe(false);
    expect(verifyMediaSignature(secret, 'u/1/photo/p.jpg', exp, sig, new Date(now.getTime() + MEDIA_URL_TTL_SECONDS * 1000 + 1))).toBe(
      false,
    );
  });
});
