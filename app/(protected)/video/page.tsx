import type { Metadata } from 'next';
import { VideoScreen } from '@/components/video/video-screen';

export const metadata: Metadata = { title: 'Мои видео — Копилка' };

export default function VideoPage() {
  return <VideoScreen />;
}
