import type { MediaKind } from '@/contract/media';
import { KIND_PATHS, type KindPath } from './kind-paths';

/**
 * What the shell and the pages beside the screens need of each kind to lead to it and to name it (the sidebar,
 * the bottom bar, the home's cards, the trash, the links, the storage figures): its screen (kind-paths.ts), its
 * names and its icon. Constants only, so any page can carry them; the rest of a kind lives in the registry
 * (kinds.ts), which the screens load.
 */
export interface KindName extends KindPath {
  /** Its name in the navigation, on its home card and by its storage figure: «Аудио». */
  label: string;
  /** The screen's heading: «Мои аудиозаписи». */
  heading: string;
  /** One item of it, named where items of every kind are listed (the trash, the links): «Аудиозапись». */
  one: string;
  /** What its card on the guest's home says the section keeps. */
  pitch: string;
  /** Its 24 px line icon's path (the navigation, the home's cards). */
  icon: string;
}

export const KIND_NAMES: { readonly [K in MediaKind]: KindName } = {
  audio: {
    ...KIND_PATHS.audio,
    label: 'Аудио',
    heading: 'Мои аудиозаписи',
    one: 'Аудиозапись',
    pitch: 'Записывайте и храните важные аудиозаписи',
    icon: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21',
  },
  photo: {
    ...KIND_PATHS.photo,
    label: 'Фото',
    heading: 'Мои фотографии',
    one: 'Фотография',
    pitch: 'Загружайте и храните важные фотографии',
    icon: 'M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 17.5zM4 15l4.5-4.5 4 4 2.5-2.5L20 17M15.5 9.5h.01',
  },
  video: {
    ...KIND_PATHS.video,
    label: 'Видео',
    heading: 'Мои видео',
    one: 'Видео',
    pitch: 'Записывайте и храните важные видео',
    icon: 'M3.5 7A1.5 1.5 0 0 1 5 5.5h9A1.5 1.5 0 0 1 15.5 7v10a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 17zM15.5 10l5-3v10l-5-3',
  },
};
