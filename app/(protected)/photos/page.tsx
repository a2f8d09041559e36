import type { Metadata } from 'next';
import { LazyMediaScreen } from '@/components/media/screen/lazy-media-screen';

export const metadata: Metadata = { title: 'Мои фотографии — Копилка' };

export default function PhotosPage() {
  return <LazyMediaScreen kind="photo" />;
}
