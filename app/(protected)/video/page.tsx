import type { Metadata } from 'next';
import { LazyMediaScreen } from '@/components/media/screen/lazy-media-screen';

export const metadata: Metadata = { title: 'Мои видео — Копилка' };

export default function VideoPage() {
  return <LazyMediaScreen kind="video" />;
}
