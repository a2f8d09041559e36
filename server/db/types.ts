import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MediaKind, MediaStatus } from '../../contract/media.ts';
import type { CodePurpose } from '../accounts/codes.ts';
import type { JobKind, Lane } from '../jobs/kinds.ts';

/**
 * Booleans are stored as 0/1 integers and times as ISO-8601 UTC strings in both dialects,
 * so the same queries and comparisons work on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string; // lower-cased
  username: string;
  first_name: string;
  last_name: string;
  phone: string | null; // normalised, leading +
  password_hash: string;
  photo_key: string | null; // storage key of the avatar
  photo_version: Generated<number>;
  is_active: number;
  is_email_verified: number;
  is_phone_verified: number;
  created_at: string;
  updated_at: string;
  /** Goes up with every password change or reset; sessions opened under an older value are dead. */
  credential_version: Generated<number>;
  /** Goes up with every write to the user's media rows (a trigger, in the writing transaction): their lists' cache key. */
  media_version: Generated<number>;
  /** The user's own quota in bytes, set by the admin command (migration 019); null: USER_QUOTA_BYTES applies. */
  quota_bytes: number | null;
  /** 1: staff (the admin area is theirs), 0: a member (migration 027). */
  is_staff: Generated<number>;
}

/** One-time codes sent by e-mail or SMS, each for one purpose (accounts/codes.ts). */
export interface CodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: CodePurpose;
  target: string;
  code_hash: string;
  attempts: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/**
 * A login: the refresh-token family that rotates from it has the same id, and its access tokens
 * carry it as `sid`. Revoked (logout, password change or reset, reuse of an old refresh token), or
 * opened under an older credential_version than the user's, means every token of it is refused.
 */
export interface SessionsTable {
  id: string;
  user_id: number;
  /** The user's credential_version when the session opened; valid only while still equal. */
  credential_version: number;
  created_at: string;
  revoked_at: string | null;
  /** The browser's User-Agent at login (cut to 512 characters). */
  user_agent: string | null;
  /** The client address at login, then of the latest use. */
  ip: string | null;
  /** When one of its access tokens was last accepted (moved at most once a minute). */
  last_used_at: string | null;
  /** The latest proof of who is at the keyboard: the sign-in that opened it or a re-confirmation (migration 025). */
  reauth_at: string | null;
}

/** Sign-in codes from an authenticator app: the sealed TOTP secret, on once `enabled_at` is set. */
export interface TwoFactorTable {
  user_id: number;
  secret: string;
  enabled_at: string | null;
  /** The newest 30-second step whose code was accepted; a code of this step or an older one is refused. */
  last_step: number | null;
  created_at: string;
}

/** Single-use recovery codes for a second step without the app (keyed hashes). */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** The second step of a login: id is the hash of the mfa_token; 5 minutes, 5 tries, one session. */
export interface MfaChallengesTable {
  id: string;
  user_id: number;
  credential_version: number;
  attempts: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** What an undo link undoes (one action per kind of change an e-mail warns about). */
export type UndoAction = 'two_factor_enabled' | 'passkey_added' | 'provider_linked';

/** «Это был не я»: a one-time link sent with a change, undoing it (token stored as SHA-256; 7 days). */
export interface UndoLinksTable {
  id: Generated<number>;
  user_id: number;
  action: UndoAction;
  /** The passkey's or provider link's row id the link undoes; null for two-step sign-in. */
  subject: string | null;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Refresh tokens: jti is the token id; family_id is the session (a rotation chain). */
export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  family_id: string;
  parent_jti: string | null;
  replaced_by: string | null;
  rotated_at: string | null;
  expires_at: string;
  created_at: string;
}

/** Throttle events (persistent, so several API processes share them). */
export interface RateEventsTable {
  id: Generated<number>;
  key: string;
  created_at: string;
}

/** One row per throttle key: its lock serialises counting and recording attempts on that key. */
export interface ThrottleLocksTable {
  key: string;
  touched_at: string;
}

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

/**
 * Pending work of any process (see migration 008): claimed by one process at a time through
 * `claim` and a renewed `lease_until`; the row is deleted once the work is done.
 */
export interface JobsTable {
  id: Generated<number>;
  kind: JobKind;
  lane: Lane;
  /** The record a processing job works on (deleted with it). */
  media_id: number | null;
  /** JSON: what the kind needs beyond the record (e.g. the keys a purge removes). */
  payload: Generated<string>;
  /** Set for a job of which there is only ever one (the periodic reconciliation). */
  dedupe_key: string | null;
  /** Not claimed before this ISO time. */
  run_after: string;
  /** How many times it was claimed. */
  attempts: Generated<number>;
  /** Runs that failed for a reason outside the job's input (storage, database): they set the backoff and give no attempt away. */
  failures: Generated<number>;
  /** Until when its current claim holds, unless renewed; null: nobody is running it. */
  lease_until: string | null;
  /** Token of the latest claim; kept after the lease ends, so the next holder can clear up after it. */
  claim: string | null;
  last_error: string | null;
  created_at: string;
}

/** A passkey (WebAuthn credential) of an account (migration 023). Binary values are base64url. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter (bigint: PostgreSQL hands it back as text). */
  counter: number | string;
  /** The transports the browser reported, comma-separated. */
  transports: string;
  /** The WebAuthn user id the account's keys share: random bytes, base64url. */
  user_handle: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** What a WebAuthn challenge is for: adding a key, signing in, or re-confirming a session's sign-in. */
export type WebauthnPurpose = 'register' | 'login' | 'reauth';

/** A WebAuthn challenge: purpose 'register' (with its user) or 'login'; taken once, before `expires_at`. */
export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge: string;
  purpose: WebauthnPurpose;
  user_id: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Sign-in providers: 'vkid' | 'yandex'. */
export type OAuthProviderId = 'vkid' | 'yandex';

/** A sign-in started with a provider: bound to the browser's cookie, single use. */
export interface OAuthStatesTable {
  id: Generated<number>;
  state_hash: string;
  binding_hash: string;
  provider: OAuthProviderId;
  code_verifier: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A provider account that signs into an account. */
export interface OAuthLinksTable {
  id: Generated<number>;
  user_id: number;
  provider: OAuthProviderId;
  subject: string;
  email: string | null;
  created_at: string;
}

/** A link waiting for the account's password. */
export interface OAuthPendingLinksTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  provider: OAuthProviderId;
  subject: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A value the admin area stores (migration 027): `registration` → open | invite | closed. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** A sign-up invitation (migration 027): the token's SHA-256, maybe one address, single use, until `expires_at`. */
export interface InvitesTable {
  id: Generated<number>;
  token_hash: string;
  email: string | null;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: number | null;
  revoked_at: string | null;
}

/** One admin action (migration 027): who, what, whom, the details (JSON), when, from which address. */
export interface AdminAuditTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_email: string;
  action: string;
  target_id: number | null;
  target: string | null;
  details: Generated<string>;
  ip: string | null;
  created_at: string;
}

export interface DB {
  users: UsersTable;
  codes: CodesTable;
  reset_tokens: ResetTokensTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  rate_events: RateEventsTable;
  throttle_locks: ThrottleLocksTable;
  media: MediaTable;
  jobs: JobsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  undo_links: UndoLinksTable;
  uploads: UploadsTable;
  upload_locks: UploadLocksTable;
  albums: AlbumsTable;
  album_items: AlbumItemsTable;
  album_members: AlbumMembersTable;
  partners: PartnersTable;
  shares: SharesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  oauth_states: OAuthStatesTable;
  oauth_links: OAuthLinksTable;
  oauth_pending_links: OAuthPendingLinksTable;
  settings: SettingsTable;
  invites: InvitesTable;
  admin_audit: AdminAuditTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Media = Selectable<MediaTable>;
export type NewMedia = Insertable<MediaTable>;
export type Job = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type Upload = Selectable<UploadsTable>;
export type NewUpload = Insertable<UploadsTable>;
export type Album = Selectable<AlbumsTable>;
export type Share = Selectable<SharesTable>;
