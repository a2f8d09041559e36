import type { Generated } from 'kysely';

/** The tables of the admin area: stored settings, invitations, the audit log. */

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
