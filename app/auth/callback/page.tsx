import type { Metadata } from 'next';
import { LazyProviderCallback } from './lazy-provider-callback';

export const metadata: Metadata = { title: 'Вход — Копилка', robots: { index: false, follow: false }, referrer: 'no-referrer' };

/** Where VK ID and Yandex ID send the browser back after a sign-in (`?code=…&state=…`). */
export default function ProviderCallbackPage() {
  return <LazyProviderCallback />;
}
