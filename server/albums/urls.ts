import { AVATAR_URL_TTL_SECONDS } from '../accounts/user-json.ts';
import { albumGrant, memberGrant } from '../grants/grant.ts';
import type { UrlSigner } from '../media/kinds.ts';
import { signMediaPath, type MediaPathSigner } from '../media/files/signing.ts';
import type { AlbumPart } from './repository.ts';

/** How one viewer's answers about one album sign the files in them. */
export interface AlbumUrls {
  /** The signer of an item's files: the viewer's own plainly, anyone else's carrying the grant the viewer sees it by. */
  item(row: { id: number; user_id: number }): UrlSigner;
  /** A person's avatar (the owner's, an adder's, a member's), or null when they have none. */
  face(userId: number, photoKey: string | null): string | null;
}

/**
 * The URLs of an album's files for a viewer: their own items' as the lists sign them; another account's
 * item carries the grant of the viewer's part — a member's membership, or for the owner the album itself (an
 * item a member added) — so it is served only while that holds (server/grants/grant.ts).
 */
export function albumUrls(
  paths: MediaPathSigner,
  secretKey: string,
  now: Date,
  viewerId: number,
  album: { id: number },
  part: AlbumPart,
): AlbumUrls {
  const plain: UrlSigner = { url: (key) => (key ? paths.sign(key, now) : null) };
  const grantOf = (mediaId: number | null) =>
    part.role === 'owner' ? albumGrant(album.id, mediaId) : memberGrant(part.membershipId, mediaId);
  return {
    item(row) {
      if (row.user_id === viewerId) return plain;
      const grant = grantOf(row.id);
      return { url: (key) => (key ? paths.signGranted(key, now, grant) : null) };
    },
    face(userId, photoKey) {
      if (!photoKey) return null;
      if (userId === viewerId) return signMediaPath(secretKey, photoKey, now, AVATAR_URL_TTL_SECONDS);
      return paths.signGranted(photoKey, now, grantOf(null));
    },
  };
}
