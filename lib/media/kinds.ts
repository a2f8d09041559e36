import type { z } from 'zod';
import { AUDIO_LIST_ERROR, createAudio, UPDATE_SUCCESS } from '@/lib/api/audio';
import type { MediaDetails } from '@/lib/api/media';
import { mediaQueries } from '@/lib/api/media-list';
import { PHOTO_LIST_ERROR } from '@/lib/api/photos';
import type { UploadOptions } from '@/lib/api/upload';
import { uploadVideo, VIDEO_LIST_ERROR } from '@/lib/api/video';
import type { DownloadFormat, MediaKind, MediaRecord } from '@/contract/media';
import { count, type PluralForms } from '@/contract/words';
import { audioSaveError, audioUploadError, photoUploadError, videoSaveError, videoUploadError } from '@/lib/media-errors';
import { PHOTO_SORT_OPTIONS, visiblePhotos, type PhotoSortOrder } from '@/lib/media/lists/photo-order';
import { SORT_OPTIONS, visibleRecords, type SortOrder } from '@/lib/media/lists/sort-search';
import type { RecorderKind } from '@/lib/media/recording/recording-format';
import { audioDetailsSchema } from '@/lib/schemas/audio';
import { photoDetailsSchema } from '@/lib/schemas/photo';
import { videoDetailsSchema } from '@/lib/schemas/video';
import { KIND_NAMES, type KindName } from './kind-names';

/**
 * How a recorded kind is recorded in the browser: the recorder dialog (components/media/recorder/) and its
 * panel take everything that differs between the microphone and the camera from here.
 */
export interface RecorderEntry {
  /** What MediaRecorder makes, sound or picture and sound (lib/media/recording/): the recorder's own kind. */
  records: RecorderKind;
  /** getUserMedia's constraints (the recorder's default: sound alone). */
  constraints?: MediaStreamConstraints;
  /** The dialog's title, and what it asks before closing on a recording not yet saved. */
  title: string;
  closeConfirm: string;
  /** Sends the recording as a new item (POST /api/media/{kind}/ multipart, with progress). */
  upload: (input: { file: Blob; fileName: string; title: string; description?: string }, options: UploadOptions) => Promise<unknown>;
  /** The save form's message under a refused save. */
  saveError: (error: unknown) => string;
  /** Saved with no network, the recording waits on the device and is sent when the network returns. */
  keepOffline: boolean;
  text: {
    /** The browser cannot record (said before any recorder code is fetched, too). */
    unsupported: string;
    /** No access to the microphone or camera. */
    permission: string;
    /** A save refused with no words of the server's. */
    save: string;
    connecting: string;
    /** The save form's id and button, and the upload's progress bar. */
    formId: string;
    submitLabel: string;
    progressLabel: string;
    /** What the panel says once saved, where it says anything. */
    done?: string;
  };
}

/**
 * The media kinds as data on the client: one entry per kind holds everything the shared hooks and the one
 * screen shell need to serve it (words, accepted files, list and upload rules, details form, messages, the
 * recorder). The server keeps its own registry (server/media/kinds.ts); the two meet in the contract
 * (contract/). A new kind is an entry here, one in its names (kind-names.ts) and its views
 * (components/media/kinds/kind-views.tsx): docs/architecture.md, «Adding a kind».
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
  /** Recorded in the browser (microphone or camera), with the recorder dialog and its unsaved-recording offer; null: uploaded only. */
  recorder: RecorderEntry | null;
  /** Its items have a picture (a photo's thumbnail, a video's poster), which can be an album's cover. */
  picture: boolean;
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
  recorder: {
    records: 'audio',
    title: 'Запись аудио',
    closeConfirm: 'Несохранённая запись будет потеряна. Закрыть?',
    upload: createAudio,
    saveError: audioSaveError,
    keepOffline: true,
    text: {
      unsupported: 'Ваш браузер не поддерживает запись аудио. Попробуйте другой браузер.',
      permission: 'Нет доступа к микрофону. Разрешите доступ к микрофону в настройках браузера.',
      save: 'Ошибка при сохранении записи',
      connecting: 'Подключение к микрофону',
      formId: 'save-recording-form',
      submitLabel: 'Сохранить запись',
      progressLabel: 'Загрузка записи',
      done: 'Аудиозапись успешно сохранена',
    },
  },
  picture: false,
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
  recorder: null,
  picture: true,
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
  recorder: {
    records: 'video',
    constraints: { video: true, audio: true },
    title: 'Запись видео',
    closeConfirm: 'Несохранённое видео будет потеряно. Закрыть?',
    upload: uploadVideo,
    saveError: videoSaveError,
    keepOffline: false,
    text: {
      unsupported: 'Ваш браузер не поддерживает запись видео. Попробуйте другой браузер.',
      permission: 'Нет доступа к камере. Разрешите доступ к камере в настройках браузера.',
      save: 'Ошибка при сохранении видео',
      connecting: 'Подключение к камере',
      formId: 'save-video-form',
      submitLabel: 'Сохранить видео',
      progressLabel: 'Загрузка видео',
    },
  },
  picture: true,
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

/** The recorder of a recorded kind (the recorder dialog opens only for one). */
export function recorderOf(kind: MediaKind): RecorderEntry {
  const recorder = MEDIA_KINDS[kind].recorder;
  if (!recorder) throw new Error(`${kind} is not recorded in the browser`);
  return recorder;
}

/** «2 записи», «1 фотография», «5 видео». */
export const countItems = (kind: MediaKind, n: number) => count(n, MEDIA_KINDS[kind].words);
