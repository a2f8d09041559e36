import type { Metadata } from 'next';
import { LazyAlbumsScreen } from './lazy-albums-screen';

export const metadata: Metadata = { title: 'Альбомы — Копилка' };

export default function AlbumsPage() {
  return <LazyAlbumsScreen />;
}
