import type { Metadata } from 'next';
import { LazyAudioScreen } from './lazy-audio-screen';

export const metadata: Metadata = { title: 'Мои аудиозаписи — Копилка' };

export default function AudioPage() {
  return <LazyAudioScreen />;
}
