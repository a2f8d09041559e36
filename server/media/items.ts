import { z } from 'zod';
import type { Media } from '../db/types.ts';
import { MEDIA_KINDS, type UrlSigner } from './kinds.ts';
import { audioWire, photoWire, videoWire } from './schemas.ts';

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
