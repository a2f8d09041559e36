import type { Metadata } from 'next';
import { LazyProfilePage } from './lazy-profile-page';

export const metadata: Metadata = { title: 'Профиль — Копилка' };

export default function Page() {
  return <LazyProfilePage />;
}
