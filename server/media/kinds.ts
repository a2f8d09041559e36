import type { z } from 'zod';
import type { MediaKind as KindName } from '../../contract/media.ts';
import type { Config } from '../config.ts';
import type { Media } from '../db/types.ts';
import { rawArray } from '../http/raw-json.ts';
import { acceptAudio, acceptPhoto, acceptVideo, demuxerFor, type Detected } from './content-types.ts';
import { compactPeaks, compactPeaksJson } from './processing/peaks.ts';
import { ImageTooLargeError } from './processing/image-processor.ts';
import type { MediaInput, MediaProcessor, OriginalSource } from './processing/types.ts';
import { MEDIA_WIRES, type MediaWire } from './schemas.ts';

/**
 * The kind registry: everything that differs between audio, photo and video lives here — the upload
 * field, accepted types, size limit, the processing step and what it may run beside, the JSON shape,
 * the downloads, what a share link serves of a record and how the export files it. Routes, services
 * and repository are shared and walk MEDIA_KINDS below. A new kind is one more entry here, with what
 * the entry names of its own: its acceptor (content-types.ts), its processing (processing/), its wire
 * (schemas.ts' MEDIA_WIRES), its limit (config.ts) and its job's lane (jobs/kinds.ts), the last three
 * asked for by the compiler; and its contract entry (contract/media.ts). docs/architecture.md, «Adding
 * a kind», has the whole recipe.
 */

export type FileColumn = 'playable_key' | 'thumbnail_key' | 'preview_key' | 'poster_key';

export interface ProcessContext {
  processor: MediaProcessor;
  /** The stored original: a local file, or a stream where the kind's `streams` allows one (see processing.ts). */
  input: OriginalSource;
  /** What the original is (normalised by the kind's accept()); ffmpeg reads it as this container only. */
  stored: Detected;
  /** A path in this job's temp folder for an output file. */
  tmp: (name: string) => string;
  /** The original's size in bytes, when known. */
  size?: number;
}

export interface ProcessOutcome {
  columns: Partial<Pick<Media, 'duration' | 'waveform' | 'width' | 'height' | 'taken_at' | 'playable_mime'>>;
  /** Files written under tmp(): stored next to the original as `<base><suffix>` and put in `column`. */
  files: { column: FileColumn; path: string; suffix: string }[];
}

/**
 * A check or processing step refusing the file for a reason the uploader can act on: during the upload
 * the message goes on the file field; in a processing job it is the record's failure reason.
 */
export class UploadRefused extends Error {}

export interface UrlSigner {
  /** Signed root-relative URL (`/media/…`) of a stored key, or null. */
  url(key: string | null): string | null;
}

export interface DownloadChoice {
  key: string;
  ext: string;
  mime: string;
}

/** The files a share link may serve of an item, each under a name of its own in the link's media URLs. */
export const SHARED_FILES = ['play', 'thumb', 'preview', 'poster', 'download'] as const;
export type SharedFile = (typeof SHARED_FILES)[number];

/** A kind's entry; `K` its name, whose record the API shows as MEDIA_WIRES[K] (see schemas.ts). */
export interface MediaKindSpec<K extends KindName = KindName> {
  name: K;
  /** Multipart field carrying the file. */
  fileField: string;
  limit(config: Config): number;
  accept(detected: Detected): Detected | null;
  /** Russian: the upload's type is not the kind's; processing failed (the card's reason unless the step gives its own). */
  messages: { invalidType: string; processingFailed: string };
  /** The job that makes the record's renditions: the upload answers with status 'processing', the job makes it 'ready'. */
  job: `process-${K}`;
  /**
   * Whether a processing run takes a core of its own (sharp, ffmpeg encoding), so a worker runs no more of them
   * at once than it has cores; else runs mostly wait (short recordings share one ffmpeg run) and fill the lane.
   */
  takesCore: boolean;
  /**
   * A quick look at the header during the upload, after the content check (no decoding): when it
   * fails the upload is refused (UploadRefused's message, else processingFailed) and no record is made.
   */
  check?(ctx: Omit<ProcessContext, 'tmp'>): Promise<void>;
  /**
   * Whether process() reads this original once through, start to end, so a stream of it will do (ffmpeg
   * decoding a WebM). Absent or false: it gets a local file (sharp; ffmpeg seeking in an MP4 whose index
   * comes last). check() only reads the header and always takes a stream.
   */
  streams?(stored: Detected): boolean;
  process(ctx: ProcessContext): Promise<ProcessOutcome>;
  /** Newest first by creation, or by when it was taken (else created). */
  order: 'created' | 'taken';
  /** Title used for downloads when the record has none. */
  fallbackName: string;
  /** The record's schema as the server writes it (MEDIA_WIRES[K]). */
  record: z.ZodType<MediaWire<K>>;
  /** The record as the API shows it. */
  toJson(row: Media, signer: UrlSigner): MediaWire<K>;
  /** `format` is one of the kind's download formats (contract/media.ts) or none; null = not available for the record. */
  download(row: Media, format: string | undefined): DownloadChoice | null;
  /**
   * The stored key behind each file a share link serves of the record (its `download` is `play`'s), none or
   * null where the record has no such file. Only the copies made for playing and viewing, never an original
   * that may carry where it was made.
   */
  shared(row: Media): { readonly [F in Exclude<SharedFile, 'download'>]?: string | null };
  /** The record's fields that may name its original: a share link hands them out null. */
  unshared: readonly (keyof MediaWire<K>)[];
  /** «Скачать всё»: the archive's folder for the kind, the name of a file without a title, and the kind's columns in its JSON. */
  export: { folder: string; untitled: string; fields: readonly ('duration' | 'width' | 'height' | 'taken_at')[] };
}

const downloadUrl = (row: Media) => `/api/media/${row.kind}/${row.id}/download/`;

/** What every kind's JSON carries, around the kind's own fields (`toJson` below). */
const recordJson = <Own extends object>(row: Media, own: Own) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  ...own,
  mime_type: row.mime_type,
  size: row.size,
  sha256: row.sha256,
  status: row.status,
  is_favorite: row.is_favorite === 1,
  failure_reason: row.status === 'failed' ? (row.failure_reason ?? null) : null,
  created_at: row.created_at,
  download_url: downloadUrl(row),
});

const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** The stored original as ffmpeg must read it. */
const mediaInput = (input: OriginalSource, stored: Detected): MediaInput => ({ ...input, container: stored.ext });

/** The local file of a step that was promised one (a kind without `streams`). */
function localFile(input: OriginalSource): string {
  if (!('path' in input)) throw new Error('this processing step reads a local file');
  return input.path;
}

/** The MP4 family (ffmpeg's mov demuxer) may keep its index after the samples: reading it takes seeking. */
const readsThrough = (stored: Detected) => demuxerFor(stored.ext) !== 'mov';

const original = (row: Media): DownloadChoice => ({ key: row.original_key, ext: extOf(row.original_key), mime: row.mime_type });

/**
 * Recordings up to this size (a couple of minutes of a browser's Opus) are processed together with
 * others waiting at the same time (see MediaProcessor.analyzeAudio): none of them holds up the rest long.
 */
export const BATCHED_AUDIO_BYTES = 1024 * 1024;

export const audioKind: MediaKindSpec<'audio'> = {
  name: 'audio',
  fileField: 'audio_file',
  limit: (config) => config.limits.audio,
  accept: acceptAudio,
  messages: {
    invalidType: 'Файл не является поддерживаемой аудиозаписью',
    processingFailed: 'Не удалось обработать аудиозапись',
  },
  job: 'process-audio',
  // Mostly waiting for a shared ffmpeg run (see MediaProcessor.analyzeAudio).
  takesCore: false,
  order: 'created',
  fallbackName: 'recording',
  record: MEDIA_WIRES.audio,
  streams: readsThrough,
  async process({ processor, input, stored, tmp, size }) {
    // Always an MP3 of its own, an uploaded MP3 too (then its frames copied): what is played and shared is
    // never the original file, whose tags may say where it was recorded.
    const mp3 = tmp('audio.mp3');
    const batch = size !== undefined && size <= BATCHED_AUDIO_BYTES;
    const { duration, peaks } = await processor.analyzeAudio(mediaInput(input, stored), { mp3Output: mp3, batch });
    return {
      columns: { duration, waveform: JSON.stringify(compactPeaks(peaks)), playable_mime: 'audio/mpeg' },
      files: [{ column: 'playable_key', path: mp3, suffix: '.mp3' }],
    };
  },
  toJson(row, s) {
    // What is served by URL is the MP3 made without the original's tags, never the original: its exact
    // bytes go to its owner only, by the download with ?format=original and the export.
    return recordJson(row, {
      audio_file: s.url(row.playable_key),
      original_file: null,
      waveform_data: rawArray(compactPeaksJson(row.waveform)),
      duration: row.duration,
    });
  },
  download(row, format) {
    if (format === 'original') return original(row);
    return row.playable_key ? { key: row.playable_key, ext: 'mp3', mime: 'audio/mpeg' } : null;
  },
  // The MP3 made from the recording without its tags (an uploaded MP3 too has one of its own).
  shared: (row) => ({ play: row.playable_key }),
  // `original_file` names no URL at all (null), and a share leaves it out (contract/shares.ts).
  unshared: [],
  export: { folder: 'Аудио', untitled: 'Запись', fields: ['duration'] },
};

/** An image over the pixel bound: the uploader is told the bound. */
const refuseTooLarge = (err: unknown): never => {
  if (err instanceof ImageTooLargeError)
    throw new UploadRefused(`Изображение слишком большое (максимум ${Math.floor(err.maxPixels / 1_000_000)} мегапикселей)`);
  throw err;
};

export const photoKind: MediaKindSpec<'photo'> = {
  name: 'photo',
  fileField: 'file',
  limit: (config) => config.limits.photo,
  accept: acceptPhoto,
  messages: {
    invalidType: 'Файл не является поддерживаемым изображением',
    processingFailed: 'Не удалось обработать изображение',
  },
  job: 'process-photo',
  takesCore: true,
  order: 'taken',
  fallbackName: 'photo',
  record: MEDIA_WIRES.photo,
  check: ({ processor, input }) => processor.checkImage(input).catch(refuseTooLarge),
  async process({ processor, input, tmp }) {
    const thumbnail = tmp('thumb.webp');
    const preview = tmp('preview.webp');
    const full = tmp('full'); // its type is the processor's choice (info.full)
    const info = await processor.processImage(localFile(input), { thumbnail, preview, full }).catch(refuseTooLarge);
    return {
      columns: { width: info.width, height: info.height, taken_at: info.takenAt, playable_mime: info.full?.mime ?? null },
      files: [
        { column: 'thumbnail_key', path: thumbnail, suffix: '-thumb.webp' },
        { column: 'preview_key', path: preview, suffix: '-preview.webp' },
        // The served full-size photo: a copy of the original without its metadata (location).
        ...(info.full ? [{ column: 'playable_key' as const, path: full, suffix: `-full.${info.full.ext}` }] : []),
      ],
    };
  },
  toJson(row, s) {
    return recordJson(row, {
      // Until processing has made sure what is served carries no location metadata, nothing is.
      file: row.status === 'ready' ? s.url(row.playable_key ?? row.original_key) : null,
      thumbnail: s.url(row.thumbnail_key),
      preview: s.url(row.preview_key),
      width: row.width,
      height: row.height,
      taken_at: row.taken_at,
    });
  },
  download(row, format) {
    // The default download is what is served (no location); ?format=original is the owner's exact bytes.
    if (format === 'original') return original(row);
    if (row.status !== 'ready') return null;
    return row.playable_key
      ? { key: row.playable_key, ext: extOf(row.playable_key), mime: row.playable_mime ?? row.mime_type }
      : original(row);
  },
  // The copies, once processing made sure they carry no location (the full-size one is the original only
  // when that had no metadata).
  shared: (row) => ({
    play: row.status === 'ready' ? (row.playable_key ?? row.original_key) : null,
    thumb: row.thumbnail_key,
    preview: row.preview_key,
  }),
  unshared: [],
  export: { folder: 'Фото', untitled: 'Фото', fields: ['taken_at', 'width', 'height'] },
};

export const videoKind: MediaKindSpec<'video'> = {
  name: 'video',
  fileField: 'file',
  limit: (config) => config.limits.video,
  accept: acceptVideo,
  messages: {
    invalidType: 'Файл не является поддерживаемой видеозаписью',
    processingFailed: 'Не удалось обработать видеозапись',
  },
  job: 'process-video',
  takesCore: true,
  order: 'taken',
  fallbackName: 'video',
  record: MEDIA_WIRES.video,
  check: ({ processor, input, stored }) => processor.checkVideo(mediaInput(input, stored)),
  async process({ processor, input: original, stored, tmp }) {
    const input = mediaInput(original, stored);
    const info = await processor.probeVideo(input);
    const files: ProcessOutcome['files'] = [];
    const poster = tmp('poster.jpg');
    const at = info.duration && info.duration > 2 ? Math.min(1, info.duration / 4) : 0;
    await processor.videoPoster(input, poster, at);
    files.push({ column: 'poster_key', path: poster, suffix: '-poster.jpg' });
    const h264 = info.videoCodec === 'h264';
    const aacOrNone = info.audioCodec === null || info.audioCodec === 'aac';
    // Always a rendition, even for an H.264/AAC MP4 (then a cheap remux): what is played and shared is
    // never the original file, whose metadata may carry where it was filmed.
    const mp4 = tmp('play.mp4');
    await processor.videoToMp4(input, mp4, { remux: h264 && aacOrNone, hasAudio: info.audioCodec !== null });
    files.push({ column: 'playable_key', path: mp4, suffix: '-play.mp4' });
    return {
      columns: { duration: info.duration, width: info.width, height: info.height, taken_at: info.takenAt, playable_mime: 'video/mp4' },
      files,
    };
  },
  toJson(row, s) {
    // What is served by URL is the MP4 made without the original's metadata (where phones write the
    // location), never the original: `file` and `playable` both name it once it is made. The original's
    // exact bytes go to its owner only: the download with ?format=original, and the export.
    return recordJson(row, {
      file: s.url(row.playable_key),
      playable: s.url(row.playable_key),
      poster: s.url(row.poster_key),
      duration: row.duration,
      width: row.width,
      height: row.height,
      taken_at: row.taken_at,
    });
  },
  download(row, format) {
    // The default download is what is served (the MP4 without metadata); ?format=original is the owner's exact bytes.
    if (format === 'original') return original(row);
    return row.playable_key ? { key: row.playable_key, ext: 'mp4', mime: 'video/mp4' } : null;
  },
  // The MP4 and the poster; `file` names the same MP4, but what a share hands out names no original.
  shared: (row) => ({ play: row.playable_key, poster: row.poster_key }),
  unshared: ['file'],
  export: { folder: 'Видео', untitled: 'Видео', fields: ['taken_at', 'duration', 'width', 'height'] },
};

export const MEDIA_KINDS: { readonly [K in KindName]: MediaKindSpec<K> } = { audio: audioKind, photo: photoKind, video: videoKind };

/** Every kind's entry, in the contract's order. */
export const KIND_SPECS: readonly MediaKindSpec[] = Object.values(MEDIA_KINDS);
