import type { Metadata } from 'next';
import { LazySharedPage } from './lazy-shared-page';

// A link's page is for the one who holds the link: never indexed, and it sends no Referer onward.
export const metadata: Metadata = { title: 'Ссылка — Копилка', robots: { index: false, follow: false }, referrer: 'no-referrer' };

/** `/s/#<token>`: what a share link opens, with no sign-in. */
export default function SharedLinkPage() {
  return <LazySharedPage />;
}
