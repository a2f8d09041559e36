import type { User } from './types';

/** photo_url gets a cache-busting time parameter whenever the user is read. */
export function withCacheBust(url: string | null | undefined, now: number = Date.now()): string | null {
  if (!url) return null;
  const [base, hash] = url.split('#', 2) as [string, string | undefined];
  const cleaned = base.replace(/([?&])t=\d+(&|$)/, (_m, sep: string, tail: string) => (tail ? sep : '')).replace(/[?&]$/, '');
  const joined = `${cleaned}${cleaned.includes('?') ? '&' : '?'}t=${now}`;
  return hash !== undefined ? `${joined}#${hash}` : joined;
}

export function normalizeUser(user: User, now: number = Date.now()): User {
  return { ...user, photo_url: withCacheBust(user.photo_url, now) };
}

export function displayName(user: Pick<User, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email;
}
