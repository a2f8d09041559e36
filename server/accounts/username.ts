import { randomInt } from 'node:crypto';

/** Django's username alphabet: letters, digits and @ . + - _ */
export const USERNAME_RE = /^[\w.@+-]{1,150}$/u;

/** The e-mail's local part reduced to the username alphabet (never empty, at most 140 characters). */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local.replace(/[^\w.+-]/gu, '').slice(0, 140);
  return cleaned || 'user';
}

/** The spec's generated username: local part, underscore, a random number below 10000. */
export function generateUsername(email: string, random: (max: number) => number = randomInt): string {
  return `${usernameBase(email)}_${random(10000)}`;
}
