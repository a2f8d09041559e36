import type { MediaKind } from '@/contract/media';

/**
 * What the shell needs of each kind to lead to it (the sidebar, the bottom bar, the home's cards): its
 * screen and its names. Constants only, so every page can carry them; the rest of a kind lives in the
 * registry (kinds.ts), which the screens load.
 */
export interface KindName {
  /** The kind's screen. */
  href: '/audio' | '/photos' | '/video';
  /** Its name in the navigation and on its home card: «Аудио». */
  label: string;
  /** The screen's heading: «Мои аудиозаписи». */
  heading: string;
}

export const KIND_NAMES: Record<MediaKind, KindName> = {
  audio: { href: '/audio', label: 'Аудио', heading: 'Мои аудиозаписи' },
  photo: { href: '/photos', label: 'Фото', heading: 'Мои фотографии' },
  video: { href: '/video', label: 'Видео', heading: 'Мои видео' },
};
