import { z } from 'zod';

/**
 * The admin area's API (`/api/admin/`, staff only) and the public side of registration. Both halves
 * import these: the server writes its answers with them, the admin area reads them.
 */

/** Who may sign up: anyone, only with an invitation, nobody (the first account on an empty server always may). */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export const registrationModeSchema = z.enum(REGISTRATION_MODES);
export type RegistrationMode = z.infer<typeof registrationModeSchema>;

/** What a member is told by /api/admin/ (403), and a closed server's sign-up (403). */
export const NOT_STAFF = 'Недостаточно прав.';
export const REGISTRATION_CLOSED = 'Регистрация закрыта. Обратитесь к администратору.';
export const INVITE_REQUIRED = 'Регистрация только по приглашению. Попросите приглашение у администратора.';
export const INVITE_INVALID = 'Приглашение недействительно или срок его действия истёк.';
export const INVITE_OTHER_EMAIL = 'Приглашение выдано для другого адреса.';

/** `GET /api/auth/registration/`: what the register screen says before the form is filled. */
export const registrationStatusSchema = z.object({ mode: registrationModeSchema });
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

/** `POST /api/auth/registration/invite/ {invite}`: a live invitation, and the address it is for (null: any). */
export const inviteCheckSchema = z.object({ email: z.string().nullable(), expires_at: z.string() });
export type InviteCheck = z.infer<typeof inviteCheckSchema>;

/** An account as the admin area lists it: what it keeps counted, never what the files are. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  is_staff: z.boolean(),
  is_active: z.boolean(),
  is_email_verified: z.boolean(),
  two_factor: z.boolean(),
  passkeys: z.number().int(),
  providers: z.number().int(),
  files: z.number().int(),
  bytes: z.number(),
  /** The account's own quota; null: the server's (`default_quota_bytes` of the list) or none. */
  quota_bytes: z.number().nullable(),
  unfinished_uploads: z.number().int(),
  /** The newest use of any of its sessions (ISO 8601); null: never signed in. */
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersSchema = z.object({
  users: z.array(adminUserSchema),
  /** USER_QUOTA_BYTES: what an account without a quota of its own gets; null: no quota. */
  default_quota_bytes: z.number().nullable(),
});
export type AdminUsers = z.infer<typeof adminUsersSchema>;

export const inviteStateSchema = z.enum(['active', 'used', 'expired', 'revoked']);
export type InviteState = z.infer<typeof inviteStateSchema>;

export const adminInviteSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  state: inviteStateSchema,
  created_at: z.string(),
  expires_at: z.string(),
  created_by: z.string().nullable(),
  used_at: z.string().nullable(),
  used_by: z.string().nullable(),
});
export type AdminInvite = z.infer<typeof adminInviteSchema>;

/** A new invitation: its link is shown once (only the token's hash is kept). */
export const createdInviteSchema = adminInviteSchema.extend({ url: z.string() });
export type CreatedInvite = z.infer<typeof createdInviteSchema>;

export const adminSettingsSchema = z.object({
  registration: registrationModeSchema,
  /** REGISTRATION from the environment: what applies while the area has stored nothing. */
  registration_env: registrationModeSchema,
  /** Whether the mode shown is the area's stored one (it wins) or the environment's. */
  registration_source: z.enum(['setting', 'env']),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** The admin's e-mail, or `cli` for the command line. */
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next_before: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const jobStateSchema = z.enum(['waiting', 'running', 'failed']);
export type JobState = z.infer<typeof jobStateSchema>;

export const adminJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: jobStateSchema,
  attempts: z.number().int(),
  run_after: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/** An unfinished resumable upload: whose, how big, how far; never its name or title. */
export const adminUploadSchema = z.object({
  id: z.string(),
  user_id: z.number().int(),
  email: z.string(),
  kind: z.string(),
  size: z.number(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type AdminUpload = z.infer<typeof adminUploadSchema>;

export const adminStorageSchema = z.object({
  kind: z.enum(['local', 's3']),
  used_bytes: z.number(),
  files: z.number().int(),
  by_kind: z.array(z.object({ kind: z.string(), files: z.number().int(), bytes: z.number() })),
  uploads: z.array(adminUploadSchema),
});
export type AdminStorage = z.infer<typeof adminStorageSchema>;

/** `POST /api/admin/storage/check/`: what the storage reconciliation would remove (nothing is removed). */
export const storageCheckSchema = z.object({ objects: z.array(z.string()), checked_at: z.string() });
export type StorageCheck = z.infer<typeof storageCheckSchema>;

export const adminStatusSchema = z.object({
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  storage: z.enum(['local', 's3']),
  ready: z.boolean(),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
  migrations: z.array(z.object({ name: z.string(), executed_at: z.string().nullable() })),
  users: z.number().int(),
  staff: z.number().int(),
  registration: registrationModeSchema,
});
export type AdminStatus = z.infer<typeof adminStatusSchema>;

/** A size an admin types: `10G`, `500M`, `1.5T`, `2048` (bytes); binary units. Null when unreadable. */
export function parseSize(text: string): number | null {
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*([KMGT]i?B?|[КМГТ]Б|B|Б)?\s*$/i.exec(text);
  if (!m) return null;
  const value = Number(m[1]!.replace(',', '.'));
  const unit = (m[2] ?? '').toUpperCase().replace('IB', '').replace('B', '').replace('Б', '');
  const power = { '': 0, K: 1, К: 1, M: 2, М: 2, G: 3, Г: 3, T: 4, Т: 4 }[unit];
  if (power === undefined || (power === 0 && !Number.isInteger(value))) return null;
  const bytes = Math.round(value * 1024 ** power);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}
