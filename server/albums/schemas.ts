import { z } from 'zod';
import { ALBUM_ITEMS_PER_REQUEST, ALBUM_MESSAGES, albumSchema } from '../../contract/albums.ts';
import { DESCRIPTION_MAX, TITLE_MAX } from '../../contract/limits.ts';
import { mediaKindSchema } from '../../contract/media.ts';
import { textField, textValue } from '../media/fields.ts';
import { BLANK, INVALID_VALUE } from '../http/validation.ts';

/** The album routes' schemas: what each request part must be and what each answer is. */

/** An album as the server writes it: the contract's schema, every field named. */
export const albumWire = z.strictObject({
  ...albumSchema.shape,
  cover: z.strictObject(albumSchema.shape.cover.unwrap().shape).nullable(),
});
export type AlbumWire = z.input<typeof albumWire>;

/** An album's id in the path: a positive integer that fits the column (anything else names no album: 404). */
export const albumParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647),
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
});

/** POST and DELETE /api/albums/{id}/items/: the items, at least one and at most ALBUM_ITEMS_PER_REQUEST. */
export const itemsBody = z.object({
  items: z.array(itemKey).min(1, ALBUM_MESSAGES.noItems).max(ALBUM_ITEMS_PER_REQUEST, ALBUM_MESSAGES.tooManyItems),
});
