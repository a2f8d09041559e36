import type { SharedItem } from '@/contract/shares';

/** A shared item's name as a guest sees it: its title, or its kind's word when it has none. */
export const sharedTitle = (item: Pick<SharedItem, 'title' | 'kind'>) =>
  item.title.trim() || (item.kind === 'audio' ? 'Аудиозапись' : item.kind === 'photo' ? 'Фотография' : 'Видео');
