import type { Generated } from 'kysely';
import type { MediaKind, MediaStatus } from '../../../contract/media.ts';

/**
 * The tables of what users keep: media items, albums and their members, partners, share links, resumable uploads
 * and their locks.
 */

/** Every user's media item, whatever its kind. */
export interface MediaTable {
  id: Generated<number>;
  user_id: number;
  kind: MediaKind;
  title: string;
  description: string;
  status: MediaStatus;
  original_key: string;
  mime_type: string;
  size: number;
  original_name: string;
  playable_key: string | null; // mp3 (audio) / mp4 (video) rendition
  playable_mime: string | null;
  thumbnail_key: string | null;
  preview_key: string | null;
  poster_key: string | null;
  duration: number | null; // seconds
  waveform: string | null; // JSON array of peaks: whole numbers 0..100 (0..1 with three decimals before migration 013)
  width: number | null;
  height: number | null;
  taken_at: string | null;
  created_at: string;
  updated_at: string;
  /** Why processing failed, in Russian, for the card (null unless status is 'failed'). */
  failure_reason: string | null;
  /** When the owner moved it to the trash (ISO time); null while it is not there. */
  deleted_at: string | null;
  /** Bytes of the files made from the original (the original's own are `size`); null until measured. */
  renditions_size: number | null;
  /** SHA-256 of the original's bytes (hex); null for records stored before checksums were kept. */
  sha256: string | null;
  /** 1 when the owner starred the item («Избранное»), else 0. */
  is_favorite: Generated<number>;
  /** Goes up with every update of the row, by a trigger (migration 024): what a kept list compares. */
  row_version: Generated<number>;
}

/** A user's album (see migration 016): items of any kind, listed in album_items. */
export interface AlbumsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: Generated<string>;
  /** The cover the owner chose; null: the first photo or video added, else the first item. */
  cover_media_id: number | null;
  created_at: string;
  updated_at: string;
  /** 1 when members may download items that are not theirs (migration 028). */
  allow_download: Generated<number>;
}

/** What a member of a shared album may do: look (viewer), or also add and take out their own items (contributor). */
export type AlbumRole = 'viewer' | 'contributor';

/** An account the album's owner shared it with (migration 028). */
export interface AlbumMembersTable {
  id: Generated<number>;
  album_id: number;
  user_id: number;
  role: AlbumRole;
  created_at: string;
}

/** `user_id` shows their photos and videos (and recordings with include_audio) to `partner_id`, read-only (migration 028). */
export interface PartnersTable {
  id: Generated<number>;
  user_id: number;
  partner_id: number;
  include_audio: Generated<number>;
  created_at: string;
}

/** An item in an album; `id` grows with each addition, so it orders the album as items were added. */
export interface AlbumItemsTable {
  id: Generated<number>;
  album_id: number;
  media_id: number;
  added_at: string;
}

/** A public link to one item or one album (exactly one of media_id and album_id is set). */
export interface SharesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  media_id: number | null;
  album_id: number | null;
  /** argon2id hash of the link's password; null: none. */
  password_hash: string | null;
  allow_download: number;
  /** ISO time after which the link answers 404; null: never. */
  expires_at: string | null;
  view_count: Generated<number>;
  last_viewed_at: string | null;
  created_at: string;
  /** The session that made it; null: made before sessions were recorded (migration 025). */
  session_id: string | null;
  /** Set when account recovery paused it: it answers as revoked until the owner turns it back on. */
  paused_at: string | null;
}

/** A resumable upload in progress (see migration 012): whose, what it becomes, how far its hash got. */
export interface UploadsTable {
  id: string;
  user_id: number;
  kind: MediaKind;
  title: string;
  description: string;
  filename: string;
  size: number;
  /** How many bytes `hash_state` has taken in; null when the running hash was lost. */
  hash_offset: number | null;
  /** The SHA-256 state after `hash_offset` bytes (base64). */
  hash_state: string | null;
  created_at: string;
  /** Abandoned after this: refused, and removed with its bytes by the periodic cleanup. */
  expires_at: string;
  /** Set by the request that turns the complete upload into a record. */
  finishing_at: string | null;
}

/** Locks on uploads held by requests in any API process; renewed while held. */
export interface UploadLocksTable {
  id: string;
  holder: string;
  expires_at: string;
  release_requested: number;
  /** When the holder last renewed it (see migration 015); null for a lock taken before that column. */
  renewed_at: Generated<string | null>;
}
