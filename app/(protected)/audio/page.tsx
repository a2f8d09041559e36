import type { Metadata } from 'next';
import { LazyMediaScreen } from '@/components/media/screen/lazy-media-screen';

export const metadata: Metadata = { title: 'Мои аудиозаписи — Копилка' };

export default function AudioPage() {
  return <LazyMediaScreen kind="audio" />;
}
