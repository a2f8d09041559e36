import type { Metadata } from 'next';
import { PhotosScreen } from '@/components/photos/photos-screen';

export const metadata: Metadata = { title: 'Мои фотографии — Копилка' };

export default function PhotosPage() {
  return <PhotosScreen />;
}
