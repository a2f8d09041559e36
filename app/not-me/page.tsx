import type { Metadata } from 'next';
import { LazyNotMe } from './lazy-not-me';

export const metadata: Metadata = { title: 'Это был не я — Копилка', robots: { index: false, follow: false }, referrer: 'no-referrer' };

/** «Это был не я» from the notice of a new way in (a passkey, a provider, two-step sign-in): open to anyone holding the link, signed in or not. */
export default function NotMePage() {
  return <LazyNotMe />;
}
