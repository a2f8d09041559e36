import type { PhotoRecord } from '@/contract/media';

/** One photo record as the API returns it: the shared contract's schema, so both halves agree on it. */
export type { PhotoRecord };

export const PHOTO_LIST_ERROR = 'Ошибка при загрузке фотографий';
export const PHOTO_FILE_FIELD = 'file';
