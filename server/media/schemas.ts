import { z } from 'zod';
import {
  DOWNLOAD_FORMATS,
  EXPORT_ITEMS_MAX,
  EXPORT_MESSAGES,
  kindUnion,
  MEDIA_RECORD_SCHEMAS,
  mediaKindSchema,
  mediaInfoSchema,
  signedLinkSchema,
  type MediaKind,
} from '../../contract/media.ts';
import { bucketsQuerySchema, listQuerySchema } from '../../contract/timeline.ts';
import { RawJson } from '../http/raw-json.ts';
import { INVALID_VALUE } from '../http/validation.ts';
import { booleanField, mediaEditSchema } from './fields.ts';

/** The media routes' schemas: what each request part must be and what each answer is. */

/**
 * The records as the server writes them: the contract's schemas, every field named (no other leaves the
 * server). The table every per-kind answer schema is drawn from (kindUnion), as the contract's are from its.
 */
export const MEDIA_WIRES = {
  audio: z.strictObject({
    ...MEDIA_RECORD_SCHEMAS.audio.shape,
    // The peaks as the JSON text they were stored as, spliced into the answer unparsed: `[0.1, …]` on the wire.
    waveform_data: z.instanceof(RawJson),
  }),
  photo: z.strictObject(MEDIA_RECORD_SCHEMAS.photo.shape),
  video: z.strictObject(MEDIA_RECORD_SCHEMAS.video.shape),
} as const satisfies Record<MediaKind, z.ZodObject>;
/** A kind's record as the server writes it. */
export type MediaWire<K extends MediaKind = MediaKind> = z.output<(typeof MEDIA_WIRES)[K]>;

/** An item of the trash list as the server writes it: the record of its kind plus kind, deleted_at and purge_at. */
export const trashWire = kindUnion(MEDIA_WIRES, { deleted_at: z.string(), purge_at: z.string() });

/**
 * POST /api/media/export/: no body or no `items` (every item), or the items chosen — at least one, at most
 * EXPORT_ITEMS_MAX, each an id a row could have (anything else is a wrong value: 400).
 */
export const exportBody = z.object({
  items: z
    .array(z.object({ kind: mediaKindSchema, id: z.number().int().positive().max(2_147_483_647, INVALID_VALUE) }))
    .min(1, EXPORT_MESSAGES.noItems)
    .max(EXPORT_ITEMS_MAX, EXPORT_MESSAGES.tooManyItems)
    .optional(),
});

/** A signed, expiring link (the export, a download). */
export const linkWire = z.strictObject(signedLinkSchema.shape);

/** GET /api/media/{kind}/{id}/info/: the file's name and a photo's camera facts (nothing else leaves). */
export const infoWire = z.strictObject(mediaInfoSchema.shape);

/** A record's id in the path: a positive integer that fits the column (anything else names no record: 404). */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
});

/** A kind and an id in the path (`/media/trash/{kind}/{id}/`): anything else names nothing (404). */
export const kindIdParams = idParams.extend({ kind: mediaKindSchema });

/** An edit: title, description and/or is_favorite, as JSON, a form or multipart fields. */
export const editBody = mediaEditSchema;

/** POST to a record is an edit or a deletion when it says so: X-HTTP-Method-Override, or a `_method` field. */
export const overrideBody = mediaEditSchema.extend({ _method: z.string().optional() });

/**
 * A list's query: `?favorite=1` lists only the owner's favourites (`0` or none: every item); `?with_partners=1`
 * adds the items of the partners who show the viewer theirs (not to the favourites). Other keys are ignored
 * (clients before the lists' ETags sent a cache-busting `t`).
 */
export const listQuery = listQuerySchema.extend({ favorite: booleanField.optional(), with_partners: booleanField.optional() });

/** The timeline's buckets' query: `?tz=`, `?favorite=1` for the favourites' months, `?with_partners=1` as the list's. */
export const bucketsQuery = bucketsQuerySchema.extend({ favorite: booleanField.optional(), with_partners: booleanField.optional() });

/** `?format=` of a kind's download; empty is the same as none. */
export const downloadQuery = (kind: MediaKind) =>
  z.object({
    format: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(DOWNLOAD_FORMATS[kind], { error: 'Неизвестный формат.' }).optional(),
    ),
  });
