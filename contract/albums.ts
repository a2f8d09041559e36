import { z } from 'zod';
import { albumItemFields, albumRoleSchema, personWithPhotoSchema } from './household.ts';
import { kindUnion, MEDIA_RECORD_SCHEMAS, mediaKindSchema } from './media.ts';

/**
 * Albums: a user's named collections of items of any kind. An item may be in many albums; deleting an
 * album never deletes its items; an item in the trash leaves every album view (count, cover, items)
 * until it is restored, and one removed for good leaves its albums.
 */

/** At most this many items are added or removed by one request. */
export const ALBUM_ITEMS_PER_REQUEST = 500;

/** An item named by its kind and id, as the album requests and share targets name one. */
export const itemRefSchema = z.object({ kind: mediaKindSchema, id: z.number().int().positive() });
export type ItemRef = z.infer<typeof itemRefSchema>;

/**
 * An album's cover: the item the owner chose (PATCH `cover: {kind, id}`), or while none is chosen (or
 * the chosen one is in the trash) the first photo or video added, else the first item; null for an
 * album with no item outside the trash. `thumb_url`: a photo's thumbnail or a video's poster (signed,
 * expiring); null for a recording, or while the picture is not made yet.
 */
export const albumCoverSchema = z.object({
  kind: mediaKindSchema,
  id: z.number().int(),
  thumb_url: z.string().nullable(),
});
export type AlbumCover = z.infer<typeof albumCoverSchema>;

/** One album as GET /api/albums/ (newest first) and GET /api/albums/{id}/ answer it. */
export const albumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Items outside the trash. */
  item_count: z.number().int(),
  cover: albumCoverSchema.nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601: the latest change of its details, cover or items. */
  updated_at: z.string(),
  /** Whose album it is: null when it is mine, else the owner who shared it with me (contract/household.ts). */
  owner: personWithPhotoSchema.nullable(),
  /** My part in it: "owner", or the role the owner gave me. */
  role: albumRoleSchema,
  /** Whether members may download the items that are not theirs (the owner's choice; false by default). */
  allow_download: z.boolean(),
});
export type Album = z.infer<typeof albumSchema>;

/**
 * One item of GET /api/albums/{id}/items/ (in the order they were added): the record of its kind, as
 * the kind's list shows it (signed URLs included), plus its `kind` and who added it when (albumItemFields).
 * An item that is not mine has no original (`original_file` null), no checksum, and a `download_url` only
 * when the album allows members to download (a link that works while I am a member), else null.
 */
export const albumItemSchema = kindUnion(MEDIA_RECORD_SCHEMAS, albumItemFields);
export type AlbumItem = z.infer<typeof albumItemSchema>;

/** POST /api/albums/ `{title, description?}`; PATCH /api/albums/{id}/ also takes `cover: {kind, id} | null` (null: the default). */
export interface AlbumInput {
  title: string;
  description?: string;
}
export interface AlbumEdit {
  title?: string;
  description?: string;
  cover?: { kind: ItemRef['kind']; id: number } | null;
  allow_download?: boolean;
}

/** POST and DELETE /api/albums/{id}/items/ `{items: [{kind, id}, …]}` → the album (its new count and cover). */
export interface AlbumItemsChange {
  items: ItemRef[];
}

/** The messages both halves word the same. */
/** The most albums one user keeps. */
export const ALBUMS_PER_USER_MAX = 1000;

export const ALBUM_MESSAGES = {
  /** A user with ALBUMS_PER_USER_MAX albums makes one more (400). */
  tooManyAlbums: `Можно создать не больше ${ALBUMS_PER_USER_MAX} альбомов. Удалите ненужные.`,
  /** A cover that is not an item of the album outside the trash. */
  coverNotInAlbum: 'Обложкой может быть только элемент этого альбома.',
  /** An empty list of items to add or remove. */
  noItems: 'Этот список не может быть пустым.',
  tooManyItems: `За один раз можно добавить или убрать не больше ${ALBUM_ITEMS_PER_REQUEST} элементов.`,
} as const;
