import { z } from 'zod';
import { personSchema } from './household.ts';

/** The media kinds, each at /api/media/{kind}/: the one list of their names (a new kind: docs/architecture.md, «Adding a kind»). */
export const MEDIA_KINDS = ['audio', 'photo', 'video'] as const;
export const mediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/**
 * Where a record is: `processing` from the upload until its job has made what is played and shown (the
 * MP3 and waveform, the photo's copies, the video's MP4 and poster); `ready` then; `failed` when that
 * could not be done (the original is still kept and downloadable; `failure_reason` says why, and
 * POST /api/media/{kind}/{id}/retry/ tries again: 202 with the record, processing once more).
 */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export const mediaStatusSchema = z.enum(MEDIA_STATUSES);
export type MediaStatus = z.infer<typeof mediaStatusSchema>;

/**
 * What `?format=` a kind's download takes; without it the download is the kind's usual file (audio:
 * an MP3, photo: the copy without location metadata, video: the MP4 when there is one).
 */
export const DOWNLOAD_FORMATS = {
  audio: ['mp3', 'original'],
  photo: ['original'],
  video: ['mp4', 'original'],
} as const satisfies Record<MediaKind, readonly string[]>;
export type DownloadFormat<K extends MediaKind> = (typeof DOWNLOAD_FORMATS)[K][number];

/**
 * A signed, expiring, root-relative `/media/…?exp=…&sig=…` path (resolved on the page's own origin), or null.
 * Every field of it is one of contract/urls.ts' URL_FIELDS, which the web app rewrites to the page's host.
 */
export const signedUrl = z.string().nullable();

/** What every record carries, whatever its kind. */
const mediaRecord = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** The stored original's type, as its bytes showed it. */
  mime_type: z.string(),
  /** The original's size in bytes. */
  size: z.number().int(),
  /** SHA-256 of the original's bytes (hex); null for records kept from before checksums were taken. */
  sha256: z.string().nullable(),
  status: mediaStatusSchema,
  /** Starred by the owner («Избранное»): set with PATCH `{is_favorite}`; every list takes `?favorite=1`. */
  is_favorite: z.boolean(),
  /** Why processing failed, in Russian, to show on the card; null unless `status` is 'failed'. */
  failure_reason: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  /**
   * `/api/media/{kind}/{id}/download/`: needs the bearer token. Another account's item (a partner's, or a shared
   * album's) has the album's download while the album allows one, else null (contract/household.ts).
   */
  download_url: z.string().nullable(),
  /**
   * Whose it is, in the answers that mix accounts (`?with_partners=1`, a shared album's items): null for mine,
   * else the other account (contract/household.ts). Absent elsewhere: everything there is mine.
   */
  owner: personSchema.nullable().optional(),
});

/** One audio record as the API returns it (the list is a plain array, newest first). */
export const audioRecordSchema = mediaRecord.extend({
  /**
   * What the player plays: the MP3 made from the recording without its tags (an uploaded MP3 too gets a copy
   * of its own without its ID3 tags); null until it is made.
   */
  audio_file: signedUrl,
  /**
   * Always null: no URL serves the original, whose tags may say where it was recorded. Its exact bytes go
   * to its owner by the download with `?format=original`, and into the export.
   */
  original_file: signedUrl,
  /** Peaks for the waveform as whole numbers 0..100, the loudest 100, in time order ([] when there are none); the player scales them to its height. */
  waveform_data: z.array(z.number()),
  /** Seconds. */
  duration: z.number().nullable(),
});
export type AudioRecord = z.infer<typeof audioRecordSchema>;

/** What a photo and a video carry beside every record's fields: the file shown, its size in pixels and when it was shot. */
const pictureRecord = mediaRecord.extend({
  /**
   * What is served of the upload, without its metadata (location); null until it is made. A photo: the
   * full-size photo as shown (a copy when the original carried metadata). A video: the H.264/AAC MP4 made
   * from it, the same as `playable`. The original's exact bytes: the download with `?format=original` (its
   * owner's), and the export.
   */
  file: signedUrl,
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * When it was shot; null when the file says nothing. A photo: from its EXIF (DateTimeOriginal, else
   * DateTimeDigitized, else DateTime, each with its own offset tag): `2024-06-01T14:00:00+03:00` when the
   * camera wrote its offset, `2024-06-01T14:00:00` when it did not (the camera's local time), shown as the
   * camera's wall clock in every zone (contract/taken-at.ts). A video, once processed: from the container's
   * tags, QuickTime's creationdate as the camera's wall clock and offset (`2024-06-01T14:00:00+03:00`), else
   * creation_time, an instant in UTC (`2024-06-01T11:00:00.000Z`, shown in the viewer's zone).
   */
  taken_at: z.string().nullable(),
});

/**
 * One photo as the API returns it (the list is newest first by taken_at, else created_at; the timeline's
 * month answers are newest first by the wall clock of taken-at.ts).
 */
export const photoRecordSchema = pictureRecord.extend({
  /** At most 400 px, WebP. */
  thumbnail: signedUrl,
  /** At most 1600 px, WebP. */
  preview: signedUrl,
});
export type PhotoRecord = z.infer<typeof photoRecordSchema>;

/** One video as the API returns it; the MP4 rendition and the poster are made in the background. */
export const videoRecordSchema = pictureRecord.extend({
  /** The H.264/AAC MP4; null while processing or when processing failed. */
  playable: signedUrl,
  /** A JPEG frame. */
  poster: signedUrl,
  /** Seconds, once processed. */
  duration: z.number().nullable(),
});
export type VideoRecord = z.infer<typeof videoRecordSchema>;

/**
 * The record schema of each kind: the table every per-kind schema is drawn from (kindUnion below, the
 * server's wires), so a kind is named here once.
 */
export const MEDIA_RECORD_SCHEMAS = {
  audio: audioRecordSchema,
  photo: photoRecordSchema,
  video: videoRecordSchema,
} as const satisfies Record<MediaKind, z.ZodObject>;
export type MediaRecord<K extends MediaKind = MediaKind> = z.infer<(typeof MEDIA_RECORD_SCHEMAS)[K]>;

/** A schema per kind: the contract's records (MEDIA_RECORD_SCHEMAS) or the server's wires of them. */
export type KindSchemas = { readonly [K in MediaKind]: z.ZodObject };

type KindMember<T, K, Extra extends z.core.$ZodLooseShape, Hide extends string> =
  T extends z.ZodObject<infer Shape, infer Config>
    ? z.ZodObject<z.core.util.Extend<Omit<Shape, Hide>, z.core.util.Writeable<{ kind: z.ZodLiteral<K & string> } & Extra>>, Config>
    : never;

/** kindUnion's members, one per kind of `Kinds` in its order, each typed as its own kind's. */
type MembersOf<Kinds extends readonly MediaKind[], T, Extra extends z.core.$ZodLooseShape, Hide extends string> = {
  -readonly [I in keyof Kinds]: KindMember<T[Kinds[I] & keyof T], Kinds[I], Extra, Hide>;
};
type KindMembers<T extends KindSchemas, Extra extends z.core.$ZodLooseShape, Hide extends string> =
  MembersOf<typeof MEDIA_KINDS, T, Extra, Hide> extends infer M extends readonly z.core.SomeType[] ? M : never;

/** An omit() mask of the fields named (each one in the schema's shape). */
const maskOf = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, true])) as Record<never, true>;

/**
 * Every kind's schema of `table`, without the `hide` fields it has and with its `kind` and the `extra` fields, as
 * one union told apart by `kind`: a list of mixed kinds (the trash, an album's items, what a share link shows).
 * Drawn from the table, so a new kind joins every such union by its entry there.
 */
export function kindUnion<T extends KindSchemas, Extra extends z.core.$ZodLooseShape = Record<never, never>, Hide extends string = never>(
  table: T,
  extra: Extra = {} as Extra,
  hide: readonly Hide[] = [],
): z.ZodDiscriminatedUnion<KindMembers<T, Extra, Hide>, 'kind'> {
  const [first, ...rest] = MEDIA_KINDS.map((kind) => {
    const schema = table[kind];
    const shown = hide.some((field) => field in schema.shape) ? schema.omit(maskOf(hide.filter((field) => field in schema.shape))) : schema;
    return shown.extend({ kind: z.literal(kind), ...extra });
  });
  // Typed by KindMembers: the map above keeps MEDIA_KINDS' order, one member per kind.
  return z.discriminatedUnion('kind', [first!, ...rest]) as unknown as z.ZodDiscriminatedUnion<KindMembers<T, Extra, Hide>, 'kind'>;
}

/** One field per kind, each of `schema` (the usage's bytes per kind). */
export function perKindFields<S extends z.ZodType>(schema: S): { [K in MediaKind]: S } {
  return Object.fromEntries(MEDIA_KINDS.map((kind) => [kind, schema])) as { [K in MediaKind]: S };
}

/** What an item in the trash adds to its record: its kind, when it was deleted and when it goes for good (ISO 8601). */
const trashFields = {
  deleted_at: z.string(),
  /** 30 days after deleted_at. */
  purge_at: z.string(),
};

/**
 * One item of GET /api/media/trash/ (newest deletion first): the record of its kind plus `kind`,
 * `deleted_at` and `purge_at`. Its file URLs are null (the files of trashed items are not served), but
 * for what the trash shows of it: a photo's `thumbnail` and a video's `poster`, by URLs that serve
 * only them and only while the item is in the trash.
 */
export const trashItemSchema = kindUnion(MEDIA_RECORD_SCHEMAS, trashFields);
export type TrashItem = z.infer<typeof trashItemSchema>;

/**
 * POST /api/media/export/ may name the items to put in the ZIP (`{items: [{kind, id}]}`, «Скачать» on a
 * selection): at least one, at most this many (their ids ride in the signed link). Without a body, every
 * item outside the trash («Скачать всё»).
 */
export const EXPORT_ITEMS_MAX = 1000;

export const EXPORT_MESSAGES = {
  noItems: 'Выберите хотя бы один файл.',
  tooManyItems: `За один раз можно скачать не больше ${EXPORT_ITEMS_MAX} файлов.`,
} as const;

/** POST /api/media/export/ and GET /api/media/{kind}/{id}/download-link/: a signed, expiring link. */
export const signedLinkSchema = z.object({ url: z.string() });
export type SignedLink = z.infer<typeof signedLinkSchema>;

/** GET /api/media/usage/: what the owner's media take up, in bytes (originals plus the files made from them, trash included). */
export const usageSchema = z.object({
  total_bytes: z.number().int(),
  /** USER_QUOTA_BYTES, or null when there is no quota. */
  quota_bytes: z.number().int().nullable(),
  /** Each kind's share of total_bytes, under the kind's name. */
  ...perKindFields(z.number().int()),
});
export type Usage = z.infer<typeof usageSchema>;

/**
 * GET /api/media/{kind}/{id}/info/: what the viewer's «Сведения» add to the record, read from the stored original
 * for its owner: the file's name as uploaded and, for a photo, what its camera wrote (EXIF); null where the file
 * says nothing. Where the photo was taken is never read.
 */
export const mediaInfoSchema = z.object({
  file_name: z.string(),
  /** «Apple iPhone 13», «Canon EOS R6» (the make once, where the model repeats it). */
  camera: z.string().nullable(),
  lens: z.string().nullable(),
  /** Seconds (1/125 s: 0.008). */
  exposure_time: z.number().nullable(),
  f_number: z.number().nullable(),
  iso: z.number().int().nullable(),
  /** Millimetres. */
  focal_length: z.number().nullable(),
});
export type MediaInfo = z.infer<typeof mediaInfoSchema>;

/**
 * An upload of a file its owner already keeps stores nothing: 409 with this body, naming the record
 * that holds those bytes.
 */
export const DUPLICATE_MEDIA_DETAIL = 'Этот файл уже есть в Копилке';
export const duplicateMediaSchema = z.object({
  detail: z.literal(DUPLICATE_MEDIA_DETAIL),
  id: z.number().int(),
  kind: mediaKindSchema,
});
export type DuplicateMedia = z.infer<typeof duplicateMediaSchema>;

/** A trim keeps at least this many seconds of the recording. */
export const TRIM_MIN_SECONDS = 1;

/**
 * How far past the stored duration a trim's end may lie: the player's clock and the decoded length
 * may differ by a frame, and a handle dragged to the very end must still be taken.
 */
export const TRIM_END_SLACK_SECONDS = 0.05;

/** A trim's field given as something other than a number of seconds. */
export const TRIM_NOT_A_NUMBER = 'Требуется численное значение.';

/** A trim's start below zero. */
export const TRIM_START_NEGATIVE = 'Начало не может быть меньше нуля.';

/** Seconds from the recording's start: a JSON number, or its text (a form). */
const trimSeconds = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? 'Обязательное поле.' : TRIM_NOT_A_NUMBER) })
    .refine(Number.isFinite, TRIM_NOT_A_NUMBER),
);

/**
 * POST /api/media/audio/{id}/trim/: the part of a ready recording to keep, in seconds from its start.
 * 0 ≤ start < end ≤ the recording's duration, and at least TRIM_MIN_SECONDS kept (what needs the
 * duration is checked by the server). The answer is 202 with the record, processing: a job cuts the
 * original by time (a stream copy where the codec allows, else re-encoded), makes its MP3 and
 * waveform anew, and puts the untrimmed recording in the trash as «<title> (до обрезки)», from where
 * it can be restored for 30 days.
 */
export const trimRequestSchema = z.object({
  start: trimSeconds.refine((s) => s >= 0, TRIM_START_NEGATIVE),
  end: trimSeconds,
});
export type TrimRequest = z.infer<typeof trimRequestSchema>;

/** What the untrimmed recording's title gets in the trash: «<title> (до обрезки)» (the trim's undo finds it by it). */
export const UNTRIMMED_SUFFIX = ' (до обрезки)';

/** The trim's messages that need the recording: both halves word them the same. */
export const TRIM_MESSAGES = {
  endBeforeStart: 'Конец должен быть позже начала.',
  tooShort: `Оставьте не меньше ${TRIM_MIN_SECONDS} секунды.`,
  pastEnd: (duration: number) => `Конец не может быть дальше конца записи (${duration.toFixed(1).replace('.', ',')} с).`,
  notReady: 'Обрезать можно только готовую запись.',
  failed: 'Не удалось обрезать аудиозапись, она осталась целой',
} as const;
