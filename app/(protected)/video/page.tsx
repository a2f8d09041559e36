import type { Metadata } from 'next';
import { LazyVideoScreen } from './lazy-video-screen';

export const metadata: Metadata = { title: 'Мои видео — Копилка' };

export default function VideoPage() {
  return <LazyVideoScreen />;
}
