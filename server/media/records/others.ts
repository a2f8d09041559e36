import { createHash } from 'node:crypto';
import type { MediaKind } from '../../../contract/media.ts';
import type { Media } from '../../db/types.ts';
import type { Grant } from '../../grants/grant.ts';
import type { MediaKindSpec, UrlSigner } from '../kinds.ts';
import type { MediaPathSigner } from '../files/signing.ts';
import type { RecordView } from './list-reply.ts';

/**
 * Another account whose items a viewer's lists add with `?with_partners=1` (a partner who shows them theirs):
 * who it is, how far its items have changed, and the grant its files are shown by.
 */
export interface OtherOwner {
  id: number;
  name: string;
  /** Its users.media_version: moves with every write to its items. */
  version: number;
  /** What the viewer sees of it besides its items (the partnership, its name, the kinds it shows): names the kept list. */
  tag: string;
  /** The grant of one of its items' files for the viewer. */
  grant(mediaId: number): Grant;
}

/** Who adds their items of a kind to a viewer's lists. */
export interface OtherOwners {
  of(viewerId: number, kind: MediaKind): Promise<OtherOwner[]>;
}

/**
 * How a list with others' items is kept (list-cache.ts): under a view of its own that names who they are (so a
 * new or ended partnership, a renamed partner, is another list), and a version that is the sum of everyone's
 * media versions (each only grows, so any write to anyone's items moves the sum).
 */
export function othersKey(others: readonly OtherOwner[], ownVersion: number): { view: string; version: number } {
  const tags = others.map((o) => o.tag).join('\n');
  const view = `with:${createHash('sha256').update(tags).digest('base64url').slice(0, 16)}`;
  return { view, version: others.reduce((sum, o) => sum + o.version, ownVersion) };
}

/**
 * The records of a list with others' items: the viewer's own as always, with `owner: null`; another's signed
 * with its grant and read-only (no original, no checksum, no download, no favourite mark), with `owner`.
 */
export function recordsOfOwners(
  viewerId: number,
  others: readonly OtherOwner[],
  paths: MediaPathSigner,
  now: Date,
  own: UrlSigner,
): RecordView {
  const byId = new Map(others.map((o) => [o.id, o]));
  return {
    signer(row: Media): UrlSigner {
      const other = row.user_id === viewerId ? undefined : byId.get(row.user_id);
      if (!other) return own;
      const grant = other.grant(row.id);
      return { url: (key) => (key ? paths.signGranted(key, now, grant) : null) };
    },
    shape(row: Media, record: Record<string, unknown>, kind: MediaKindSpec): Record<string, unknown> {
      const other = row.user_id === viewerId ? undefined : byId.get(row.user_id);
      if (!other) return { ...record, owner: null };
      const readOnly: Record<string, unknown> = { ...record, sha256: null, is_favorite: false, download_url: null };
      if (kind.name === 'audio') readOnly.original_file = null;
      return { ...readOnly, owner: { id: other.id, name: other.name } };
    },
  };
}
