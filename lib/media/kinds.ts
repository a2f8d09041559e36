import type { z } from 'zod';
import { AUDIO_LIST_ERROR, UPDATE_SUCCESS } from '@/lib/api/audio';
import type { MediaDetails } from '@/lib/api/media';
import { mediaQueries } from '@/lib/api/media-list';
import { PHOTO_LIST_ERROR } from '@/lib/api/photos';
import { VIDEO_LIST_ERROR } from '@/lib/api/video';
import type { DownloadFormat, MediaKind, MediaRecord } from '@/contract/media';
import { count, type PluralForms } from '@/contract/words';
import { audioUploadError, photoUploadError, videoUploadError } from '@/lib/media-errors';
import { PHOTO_SORT_OPTIONS, visiblePhotos, type PhotoSortOrder } from '@/lib/media/lists/photo-order';
import { SORT_OPTIONS, visibleRecords, type SortOrder } from '@/lib/media/lists/sort-search';
import { audioDetailsSchema } from '@/lib/schemas/audio';
import { photoDetailsSchema } from '@/lib/schemas/photo';
import { videoDetailsSchema } from '@/lib/schemas/video';
import { KIND_NAMES, type KindName } from './kind-names';

/**
 * The media kinds as data on the client: one entry per kind holds everything the shared hooks and the one
 * screen shell need to serve it (words, accepted files, list and upload rules, details form, messages).
 * The server keeps its own registry (server/media/kinds.ts); the two meet in the contract (contract/).
 * A new kind is an entry here plus its views (components/media/kind-views.tsx).
 */
export interface MediaKindEntry<K extends MediaKind = MediaKind> extends KindName {
  kind: K;
  /** How its items are counted: «1 запись», «2 записи», «5 записей». */
  words: PluralForms;
  /** The files its screen takes: the MIME prefix a chosen or dropped file must have, and the chooser's filter. */
  accept: { mime: string; input: string };
  /** How many files go up at once (video files are large: one at a time). */
  uploadConcurrency: number;
  /** The title of an uploaded file whose name gives none. */
  untitled: string;
  /** Recorded in the browser (microphone or camera), with the recorder dialog and its unsaved-recording offer. */
  recordable: boolean;
  /** After a save the list is read at once and again 1 s later (the spec's rule for audio). */
  refreshAgain: boolean;
  /** The sort orders its screen offers, the first the default. */
  sortOptions: ReadonlyArray<{ value: SortOrder; label: string }>;
  /** Search, then sort: what the list shows. */
  visible: (items: readonly MediaRecord<K>[], query: string, order: SortOrder) => MediaRecord<K>[];
  /** The title and description's rules (audio and video need a title, photos do not). */
  detailsSchema: z.ZodType<MediaDetails, MediaDetails>;
  /** The download's `?format=` when none is asked for (unset: the kind's usual file). */
  download?: DownloadFormat<K>;
  /** The message under a refused upload. */
  uploadError: (error: unknown, fileName: string) => Promise<string> | string;
  /** GET /api/media/{kind}/ and the kind's query keys. */
  queries: ReturnType<typeof mediaQueries<MediaRecord<K>, K>>;
  text: {
    listError: string;
    loading: string;
    empty: string;
    emptyHint: string;
    dropHint: string;
    /** The upload button and its file input's name. */
    pick: string;
    pickInput: string;
    /** The record button, and the snackbar once a recording is stored (recordable kinds). */
    record?: string;
    saved?: string;
    /** The uploads' snackbar once a pick or drop has finished: «Фотография загружена», «Загружено: 3 фотографии». */
    uploadedOne: string;
    /** A chosen or dropped file of another type. */
    notOfKind: (name: string) => string;
    editTitle: string;
    deleteTitle: string;
    updated: string;
    deleted: string;
    restored: string;
    downloadError: string;
  };
}

const AUDIO: MediaKindEntry<'audio'> = {
  ...KIND_NAMES.audio,
  kind: 'audio',
  words: ['запись', 'записи', 'записей'],
  accept: { mime: 'audio/', input: 'audio/*' },
  uploadConcurrency: 2,
  untitled: 'Аудиозапись',
  recordable: true,
  refreshAgain: true,
  sortOptions: SORT_OPTIONS,
  visible: visibleRecords,
  detailsSchema: audioDetailsSchema,
  uploadError: audioUploadError,
  queries: mediaQueries<MediaRecord<'audio'>, 'audio'>('audio'),
  text: {
    listError: AUDIO_LIST_ERROR,
    loading: 'Загрузка аудиозаписей',
    empty: 'Пока нет записей',
    emptyHint: 'Нажмите «Записать аудио», чтобы сделать первую запись.',
    dropHint: 'Отпустите файлы, чтобы загрузить аудиозаписи',
    pick: 'Загрузить аудио',
    pickInput: 'Выбрать аудиофайлы',
    record: 'Записать аудио',
    saved: 'Аудиозапись успешно сохранена',
    uploadedOne: 'Аудиозапись загружена',
    notOfKind: (name) => `Файл «${name}» не является аудиозаписью`,
    editTitle: 'Изменить запись',
    deleteTitle: 'Удалить запись',
    updated: UPDATE_SUCCESS,
    deleted: 'Запись удалена',
    restored: 'Запись восстановлена',
    downloadError: 'Ошибка при скачивании записи',
  },
};

const PHOTO: MediaKindEntry<'photo'> = {
  ...KIND_NAMES.photo,
  kind: 'photo',
  words: ['фотография', 'фотографии', 'фотографий'],
  accept: { mime: 'image/', input: 'image/*' },
  uploadConcurrency: 2,
  untitled: '',
  recordable: false,
  refreshAgain: false,
  sortOptions: PHOTO_SORT_OPTIONS,
  // The screen offers only the photo orders.
  visible: (items, query, order) => visiblePhotos(items, query, order as PhotoSortOrder),
  detailsSchema: photoDetailsSchema,
  // The owner's exact bytes: the default download is the served copy, which drops the location.
  download: 'original',
  uploadError: photoUploadError,
  queries: mediaQueries<MediaRecord<'photo'>, 'photo'>('photo'),
  text: {
    listError: PHOTO_LIST_ERROR,
    loading: 'Загрузка фотографий',
    empty: 'Пока нет фотографий',
    emptyHint: 'Нажмите «Загрузить фотографии» или перетащите файлы сюда.',
    dropHint: 'Отпустите файлы, чтобы загрузить фотографии',
    pick: 'Загрузить фотографии',
    pickInput: 'Выбрать фотографии',
    uploadedOne: 'Фотография загружена',
    notOfKind: (name) => `Файл «${name}» не является изображением`,
    editTitle: 'Изменить фотографию',
    deleteTitle: 'Удалить фотографию',
    updated: 'Фотография успешно обновлена',
    deleted: 'Фотография удалена',
    restored: 'Фотография восстановлена',
    downloadError: 'Ошибка при скачивании фотографии',
  },
};

const VIDEO: MediaKindEntry<'video'> = {
  ...KIND_NAMES.video,
  kind: 'video',
  words: ['видео', 'видео', 'видео'],
  accept: { mime: 'video/', input: 'video/*' },
  uploadConcurrency: 1,
  untitled: 'Видео',
  recordable: true,
  refreshAgain: false,
  sortOptions: SORT_OPTIONS,
  visible: visibleRecords,
  detailsSchema: videoDetailsSchema,
  uploadError: videoUploadError,
  queries: mediaQueries<MediaRecord<'video'>, 'video'>('video'),
  text: {
    listError: VIDEO_LIST_ERROR,
    loading: 'Загрузка видео',
    empty: 'Пока нет видео',
    emptyHint: 'Нажмите «Записать видео» или загрузите видеофайл.',
    dropHint: 'Отпустите файлы, чтобы загрузить видео',
    pick: 'Загрузить видео',
    pickInput: 'Выбрать видеофайлы',
    record: 'Записать видео',
    saved: 'Видео успешно сохранено',
    uploadedOne: 'Видео загружено',
    notOfKind: (name) => `Файл «${name}» не является видеозаписью`,
    editTitle: 'Изменить видео',
    deleteTitle: 'Удалить видео',
    updated: 'Видео успешно обновлено',
    deleted: 'Видео удалено',
    restored: 'Видео восстановлено',
    downloadError: 'Ошибка при скачивании видео',
  },
};

export const MEDIA_KINDS: { readonly [K in MediaKind]: MediaKindEntry<K> } = { audio: AUDIO, photo: PHOTO, video: VIDEO };

/** The snackbar once a pick or drop has finished, by how many files were stored: «Видео загружено», «Загружено: 3 видео»; null for none. */
export function uploadedMessage(kind: MediaKind, succeeded: number): string | null {
  if (succeeded <= 0) return null;
  const entry = MEDIA_KINDS[kind];
  return succeeded === 1 ? entry.text.uploadedOne : `Загружено: ${count(succeeded, entry.words)}`;
}

/** A recording saved with no network waits on the device and is sent when the network returns (audio only). */
export const RECORDING_KEPT_MESSAGE = 'Нет сети: запись сохранена на устройстве и отправится сама';

/** The snackbar once the recorder has saved: stored («Аудиозапись успешно сохранена»), or `kept` on the device. */
export const recordingSavedMessage = (kind: MediaKind, kept: boolean) =>
  kept ? RECORDING_KEPT_MESSAGE : (MEDIA_KINDS[kind].text.saved ?? '');

/** «2 записи», «1 фотография», «5 видео». */
export const countItems = (kind: MediaKind, n: number) => count(n, MEDIA_KINDS[kind].words);
