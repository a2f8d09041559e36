import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  UsersTable,
  CodesTable,
  ResetTokensTable,
  SessionsTable,
  TwoFactorTable,
  RecoveryCodesTable,
  MfaChallengesTable,
  UndoLinksTable,
  RefreshTokensTable,
  PasskeysTable,
  WebauthnChallengesTable,
  OAuthStatesTable,
  OAuthLinksTable,
  OAuthPendingLinksTable,
} from './tables/accounts.ts';
import type {
  MediaTable,
  AlbumsTable,
  AlbumItemsTable,
  AlbumMembersTable,
  PartnersTable,
  SharesTable,
  UploadsTable,
  UploadLocksTable,
} from './tables/media.ts';
import type { JobsTable, RateEventsTable, ThrottleLocksTable } from './tables/jobs.ts';
import type { SettingsTable, InvitesTable, AdminAuditTable } from './tables/admin.ts';

/**
 * Every table of the database, with its row type from tables/ (one file per area). Booleans are stored as 0/1
 * integers and times as ISO-8601 UTC strings in both dialects, so the same queries and comparisons work on
 * SQLite and PostgreSQL.
 */
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
