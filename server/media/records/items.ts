import { z } from 'zod';
import type { Media } from '../../db/types.ts';
import { MEDIA_KINDS, type UrlSigner } from '../kinds.ts';
import { audioWire, photoWire, videoWire } from '../schemas.ts';

/**
 * Records of mixed kinds, each with its `kind` (an album's items): the kind's own record, as its list
 * shows it, plus the kind. Other features answer with these rather than with the kinds' wire schemas.
 */
export const mediaItemWire = z.discriminatedUnion('kind', [
  audioWire.extend({ kind: z.literal('audio') }),
  photoWire.extend({ kind: z.literal('photo') }),
  videoWire.extend({ kind: z.literal('video') }),
]);
export type MediaItemWire = z.input<typeof mediaItemWire>;

/** The row as its kind's record, with its kind. */
export function mediaItemJson(row: Media, signer: UrlSigner): MediaItemWire {
  return { ...(MEDIA_KINDS[row.kind].toJson(row, signer) as object), kind: row.kind } as MediaItemWire;
}

/** The files a share link may serve of an item, each under a name of its own in the link's media URLs. */
export const SHARED_FILES = ['play', 'thumb', 'preview', 'poster', 'download'] as const;
export type SharedFile = (typeof SHARED_FILES)[number];

/**
 * The stored key behind a share's file of the item, or null when the item has none. Only the copies made
 * for playing and viewing are served, never an original that may carry where it was made: a recording's
 * MP3, a photo's copies once processing made sure they carry no
 * location (the full-size one is the original only when that had no metadata), a video's MP4 and poster.
 * A recording's is its MP3 without tags (an uploaded MP3 too has one of its own).
 * `download` is the same clean copy as `play`.
 */
export function sharedFileKey(row: Media, file: SharedFile): string | null {
  const play = (): string | null => {
    switch (row.kind) {
      case 'audio':
        return row.playable_key;
      case 'photo':
        return row.status === 'ready' ? (row.playable_key ?? row.original_key) : null;
      case 'video':
        return row.playable_key;
    }
  };
  switch (file) {
    case 'play':
    case 'download':
      return play();
    case 'thumb':
      return row.kind === 'photo' ? row.thumbnail_key : null;
    case 'preview':
      return row.kind === 'photo' ? row.preview_key : null;
    case 'poster':
      return row.kind === 'video' ? row.poster_key : null;
  }
}

/**
 * A record as a share link hands it out: its URLs share-scoped, no original; nothing of the owner's own
 * (the star, the original's size and checksum) and no sequential id: `id` is the item's share-scoped ref;
 * a download URL only when allowed.
 */
const SHARED_HIDDEN = { id: true, is_favorite: true, size: true, sha256: true, download_url: true } as const;
const sharedFields = { id: z.string(), download_url: z.string().nullable() };
export const sharedItemWire = z.discriminatedUnion('kind', [
  audioWire.omit({ ...SHARED_HIDDEN, original_file: true }).extend({ kind: z.literal('audio'), ...sharedFields }),
  photoWire.omit(SHARED_HIDDEN).extend({ kind: z.literal('photo'), ...sharedFields }),
  videoWire.omit(SHARED_HIDDEN).extend({ kind: z.literal('video'), ...sharedFields }),
]);
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
  for (const hidden of [...Object.keys(SHARED_HIDDEN), 'original_file']) delete json[hidden];
  // What would name the original is left out, even where the original is also the served copy.
  if (row.kind === 'video') json.file = null;
  return { ...json, id: ref, kind: row.kind, download_url: downloadUrl } as SharedItemWire;
}
