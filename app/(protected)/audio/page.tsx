import type { Metadata } from 'next';
import { AudioScreen } from '@/components/audio/audio-screen';

export const metadata: Metadata = { title: 'Мои аудиозаписи — Копилка' };

export default function AudioPage() {
  return <AudioScreen />;
}
