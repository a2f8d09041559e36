import type { Metadata } from 'next';
import { GuestHome } from '@/components/home/guest-home';
import { HomePage } from '@/components/home/home-page';

/** The home's own title, so a tab or a screen reader tells it from the other pages (the root's is the bare name). */
export const metadata: Metadata = { title: 'Главная — Копилка' };

export default function Page() {
  return <HomePage guest={<GuestHome />} />;
}
