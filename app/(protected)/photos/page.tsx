import type { Metadata } from 'next';
import { LazyPhotosScreen } from './lazy-photos-screen';

export const metadata: Metadata = { title: 'Мои фотографии — Копилка' };

export default function PhotosPage() {
  return <LazyPhotosScreen />;
}
