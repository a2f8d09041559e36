import { z } from 'zod';
import { ALBUM_ITEMS_PER_REQUEST, ALBUM_MESSAGES, albumSchema } from '../../contract/albums.ts';
import { ALBUM_PAGE_MAX, albumItemFields } from '../../contract/household.ts';
import { DESCRIPTION_MAX, TITLE_MAX } from '../../contract/limits.ts';
import { mediaKindSchema } from '../../contract/media.ts';
import { booleanField, textField, textValue } from '../media/fields.ts';
import { mediaItemWire } from '../media/records/items.ts';
import { BLANK, INVALID_VALUE } from '../http/validation.ts';

/** The album routes' schemas: what each request part must be and what each answer is. */

/** An album as the server writes it: the contract's schema, every field named. */
export const albumWire = z.strictObject({
  ...albumSchema.shape,
  cover: z.strictObject(albumSchema.shape.cover.unwrap().shape).nullable(),
  owner: z.strictObject(albumSchema.shape.owner.unwrap().shape).nullable(),
});
export type AlbumWire = z.input<typeof albumWire>;

/** An album's item as the server writes it: the kind's record and what the album adds (contract/household.ts), no other field. */
const entryFields = {
  ...albumItemFields,
  added_by: z.strictObject(albumItemFields.added_by.shape),
  owner: z.strictObject(albumItemFields.owner.unwrap().shape).nullable(),
};
const [audioEntry, photoEntry, videoEntry] = mediaItemWire.options;
export const albumEntryWire = z.discriminatedUnion('kind', [
  audioEntry.extend(entryFields),
  photoEntry.extend(entryFields),
  videoEntry.extend(entryFields),
]);
export type AlbumEntryWire = z.input<typeof albumEntryWire>;

/** A position in an album (`?after=`): a positive integer that fits the column. */
const position = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, INVALID_VALUE)
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, INVALID_VALUE)
    .optional(),
);

/** GET /api/albums/{id}/items/: `?after=<position>` and `?limit=` (1…ALBUM_PAGE_MAX) for a page; neither: the whole album. */
export const entriesQuery = z.object({
  after: position,
  limit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{1,4}$/, INVALID_VALUE)
      .transform(Number)
      .refine((n) => n >= 1 && n <= ALBUM_PAGE_MAX, `Укажите число от 1 до ${ALBUM_PAGE_MAX}.`)
      .optional(),
  ),
});

/** An album's id in the path: a positive integer that fits the column (anything else names no album: 404). */
export const albumParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
});

/** An item of an album in the path (`/api/albums/{id}/items/{kind}/{item}/…`): anything else names nothing (404). */
export const albumItemParams = albumParams.extend({
  kind: mediaKindSchema,
  item: albumParams.shape.id,
});

/** An item named by kind and id: an id that no row could have is refused as a wrong value. */
const itemKey = z.object({
  kind: mediaKindSchema,
  id: z.number().int().positive().max(2_147_483_647, INVALID_VALUE),
});

/** An album's title: required, not blank. */
const title = textValue(TITLE_MAX).refine((text) => text.length > 0, BLANK);

/** POST /api/albums/: a title, and a description if any. */
export const createBody = z.object({ title, description: textField(DESCRIPTION_MAX) });

/** PATCH /api/albums/{id}/: any of the details, and the cover (null: back to the default). */
export const editBody = z.object({
  title: title.optional(),
  description: textField(DESCRIPTION_MAX),
  cover: itemKey.nullable().optional(),
  allow_download: booleanField.optional(),
});

/** POST and DELETE /api/albums/{id}/items/: the items, at least one and at most ALBUM_ITEMS_PER_REQUEST. */
export const itemsBody = z.object({
  items: z.array(itemKey).min(1, ALBUM_MESSAGES.noItems).max(ALBUM_ITEMS_PER_REQUEST, ALBUM_MESSAGES.tooManyItems),
});
