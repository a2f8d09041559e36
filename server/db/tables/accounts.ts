import type { Generated } from 'kysely';

/** The tables of accounts and of the ways into them: users, codes, sessions and tokens, two-step sign-in, passkeys, providers. */

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

/** Purposes of one-time codes (accounts/codes.ts); a code only ever works for the purpose it was sent for. */
export type CodePurpose = 'email_verify' | 'email_change' | 'phone_verify' | 'phone_login' | 'phone_reset';

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
