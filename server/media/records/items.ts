import { z } from 'zod';
import type { Media } from '../../db/types.ts';
import { MEDIA_KINDS, type SharedFile, type UrlSigner } from '../kinds.ts';
import { kindUnion } from '../../../contract/media.ts';
import { SHARE_HIDDEN_FIELDS } from '../../../contract/shares.ts';
import { MEDIA_WIRES } from '../schemas.ts';

/**
 * Records of mixed kinds, each with its `kind` (an album's items): the kind's own record, as its list
 * shows it, plus the kind. Other features answer with these rather than with the kinds' wire schemas.
 */
export const mediaItemWire = kindUnion(MEDIA_WIRES);
export type MediaItemWire = z.input<typeof mediaItemWire>;

/** The row as its kind's record, with its kind. */
export function mediaItemJson(row: Media, signer: UrlSigner): MediaItemWire {
  return { ...(MEDIA_KINDS[row.kind].toJson(row, signer) as object), kind: row.kind } as MediaItemWire;
}

/**
 * The stored key behind a share's file of the item, or null when the item has none: what its kind's entry
 * lets a share serve (MediaKindSpec.shared), only the copies made for playing and viewing, never an original
 * that may carry where it was made; `download` the same clean copy as `play`.
 */
export function sharedFileKey(row: Media, file: SharedFile): string | null {
  const files = MEDIA_KINDS[row.kind].shared(row);
  return (file === 'download' ? files.play : files[file]) ?? null;
}

/**
 * A record as a share link hands it out: its URLs share-scoped, no original; nothing of the owner's own
 * (the star, the original's size and checksum) and no sequential id (contract/shares.ts'
 * SHARE_HIDDEN_FIELDS): `id` is the item's share-scoped ref; a download URL only when allowed.
 */
export const sharedItemWire = kindUnion(MEDIA_WIRES, { id: z.string(), download_url: z.string().nullable() }, SHARE_HIDDEN_FIELDS);
export type SharedItemWire = z.input<typeof sharedItemWire>;

/**
 * The record of the item as its kind shows it, named `ref`, with each file URL replaced by `urlOf` of the
 * share's file for it (null where the share serves none), what the link does not show left out, and
 * `download_url` as given (null: downloads are not allowed).
 */
export function sharedItemJson(row: Media, ref: string, urlOf: (file: SharedFile) => string, downloadUrl: string | null): SharedItemWire {
  const byKey = new Map<string, string>();
  for (const file of ['play', 'thumb', 'preview', 'poster'] as const) {
    const key = sharedFileKey(row, file);
    if (key && !byKey.has(key)) byKey.set(key, urlOf(file));
  }
  const json = { ...(MEDIA_KINDS[row.kind].toJson(row, { url: (key) => (key ? (byKey.get(key) ?? null) : null) }) as object) } as Record<
    string,
    unknown
  >;
  for (const hidden of SHARE_HIDDEN_FIELDS) delete json[hidden];
  // What would name the original is left out, even where the original is also the served copy.
  for (const field of MEDIA_KINDS[row.kind].unshared) json[field] = null;
  return { ...json, id: ref, kind: row.kind, download_url: downloadUrl } as SharedItemWire;
}
