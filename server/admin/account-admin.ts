import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/kysely.ts';
import type { User } from '../db/types.ts';
import { generateResetToken, hashResetToken, RESET_TOKEN_TTL_MS } from '../accounts/codes.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { generateUsername } from '../accounts/username.ts';
import { newUserRow, uniqueViolationField, Users } from '../accounts/users.ts';
import { detailError } from '../http/errors.ts';
import type { AdminUser } from '../../contract/admin.ts';
import { AdminUsersRepository } from './admin-users-repository.ts';
import type { Actor, AuditAction, AuditLog } from './audit.ts';
import { adminResetLinkMessage, adminTwoFactorOffNotice, adminWaysInClearedNotice } from './messages.ts';

export const USER_NOT_FOUND = 'Пользователь не найден.';
export const NOT_ON_YOURSELF = 'Это действие нельзя применить к своей учётной записи.';
export const EMAIL_TAKEN = 'Пользователь с таким e-mail уже есть.';
export const UPLOAD_FINISHING = 'Эта загрузка уже завершается.';
/** A new account's link to set its password lives a week (the admin hands it over); a reset link an hour. */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The most accounts one search answers. */
export const USERS_PAGE = 200;

export interface AccountAdminDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'userQuotaBytes'>;
  audit: AuditLog;
  /** Ends every session of an account; how many. */
  endSessions: (userId: number) => Promise<number>;
  /** Deletes an account with its files (the files go by a job). */
  removeAccount: (user: Pick<User, 'id'>) => Promise<void>;
  /** Removes an unfinished upload with its bytes; false when it is not there. Refuses one being finished. */
  cancelUpload: (id: string) => Promise<boolean>;
  /** Sends an e-mail (never fails: delivery logs its failures). */
  mail: (to: string, message: { subject: string; text: string }) => Promise<unknown>;
  /** Keeps a password-reset token (its hash) that the reset screen takes once, until `expires_at`. */
  storeResetToken: (row: { user_id: number; token_hash: string; expires_at: string; created_at: string }) => Promise<void>;
  /** Turns off the account's two-step sign-in: its secret, recovery codes and pending second steps go. */
  turnOffTwoFactor: (userId: number) => Promise<void>;
}

/**
 * What staff do to accounts, from the admin area and from the command line alike: each action checks
 * its target, does the change, and writes the audit log. Nothing here reads a member's files: counts and
 * sizes only.
 */
export class AccountAdmin {
  readonly repo: AdminUsersRepository;
  private readonly users: Users;

  constructor(private readonly d: AccountAdminDeps) {
    this.repo = new AdminUsersRepository(d.db);
    this.users = new Users(d.db);
  }

  private now = () => this.d.clock.now().toISOString();

  /** Accounts whose e-mail or name holds `search` (any case), at most USERS_PAGE. */
  async list(search: string | null): Promise<AdminUser[]> {
    const needle = (search ?? '').trim().toLocaleLowerCase('ru');
    const names = await this.repo.names();
    const found = needle
      ? names.filter((u) => `${u.email} ${u.first_name} ${u.last_name}`.toLocaleLowerCase('ru').includes(needle))
      : names;
    return this.repo.summaries(found.slice(0, USERS_PAGE).map((u) => u.id));
  }

  async get(id: number): Promise<AdminUser> {
    const [row] = await this.repo.summaries([id]);
    if (!row) throw detailError(404, USER_NOT_FOUND);
    return row;
  }

  private async target(id: number): Promise<User> {
    const user = await this.users.byId(id);
    if (!user) throw detailError(404, USER_NOT_FOUND);
    return user;
  }

  private audit(actor: Actor, action: AuditAction, user: Pick<User, 'id' | 'email'>, details: Record<string, unknown> = {}) {
    return this.d.audit.record(actor, { action, targetId: user.id, target: user.email, details });
  }

  /** Refuses an action that would take the admin's own way back in (disable, delete, staff off). */
  private notSelf(actor: Actor, user: User): void {
    if (actor.id !== null && actor.id === user.id) throw detailError(400, NOT_ON_YOURSELF);
  }

  /** Sign-in refused and every session ended; the files stay. */
  async disable(actor: Actor, id: number): Promise<{ user: AdminUser; ended: number }> {
    const user = await this.target(id);
    this.notSelf(actor, user);
    await this.repo.setFlag(id, 'is_active', false, this.now());
    const ended = await this.d.endSessions(id);
    await this.audit(actor, 'user.disable', user, { sessions_ended: ended });
    return { user: await this.get(id), ended };
  }

  async enable(actor: Actor, id: number): Promise<AdminUser> {
    const user = await this.target(id);
    await this.repo.setFlag(id, 'is_active', true, this.now());
    await this.audit(actor, 'user.enable', user);
    return this.get(id);
  }

  /** The account's own quota in bytes; null: USER_QUOTA_BYTES (or none) applies again. */
  async setQuota(actor: Actor, id: number, bytes: number | null): Promise<AdminUser> {
    const user = await this.target(id);
    await this.repo.setQuota(id, bytes, this.now());
    await this.audit(actor, 'user.quota', user, { from: user.quota_bytes, to: bytes });
    return this.get(id);
  }

  async endSessions(actor: Actor, id: number): Promise<number> {
    const user = await this.target(id);
    const ended = await this.d.endSessions(id);
    await this.audit(actor, 'user.sessions_end', user, { sessions_ended: ended });
    return ended;
  }

  /**
   * A one-time link to set a new password (1 hour), e-mailed to the account's address; the command line
   * prints it instead (`send: false`), for the admin to hand over.
   */
  async resetLink(actor: Actor, id: number, { send }: { send: boolean }): Promise<string> {
    const user = await this.target(id);
    const link = await this.passwordLink(user.id, RESET_TOKEN_TTL_MS);
    if (send) await this.d.mail(user.email, adminResetLinkMessage(link));
    await this.audit(actor, 'user.reset_link', user, { sent: send ? 'email' : 'printed' });
    return link;
  }

  private async passwordLink(userId: number, ttlMs: number): Promise<string> {
    const token = generateResetToken();
    const now = this.d.clock.now();
    await this.d.storeResetToken({
      user_id: userId,
      token_hash: hashResetToken(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    });
    return `${this.d.config.publicUrl}/reset-password?token=${token}`;
  }

  async verifyEmail(actor: Actor, id: number): Promise<AdminUser> {
    const user = await this.target(id);
    await this.repo.setFlag(id, 'is_email_verified', true, this.now());
    await this.audit(actor, 'user.verify_email', user);
    return this.get(id);
  }

  /** The app's codes and the recovery codes go; the owner is told by e-mail. */
  async twoFactorOff(actor: Actor, id: number): Promise<AdminUser> {
    const user = await this.target(id);
    await this.d.turnOffTwoFactor(id);
    await this.d.mail(user.email, adminTwoFactorOffNotice());
    await this.audit(actor, 'user.two_factor_off', user);
    return this.get(id);
  }

  /** Every passkey and provider link goes (the password stays the way in); the owner is told. */
  async clearWaysIn(actor: Actor, id: number): Promise<AdminUser> {
    const user = await this.target(id);
    const removed = await this.d.db.transaction().execute((trx) => this.repo.clearWaysIn(id, trx));
    await this.d.mail(user.email, adminWaysInClearedNotice());
    await this.audit(actor, 'user.passkeys_clear', user, removed);
    return this.get(id);
  }

  async setStaff(actor: Actor, id: number, on: boolean): Promise<AdminUser> {
    const user = await this.target(id);
    if (!on) this.notSelf(actor, user);
    await this.repo.setFlag(id, 'is_staff', on, this.now());
    await this.audit(actor, 'user.staff', user, { is_staff: on });
    return this.get(id);
  }

  /** The account, its sessions and every file of it, trash included. */
  async remove(actor: Actor, id: number): Promise<void> {
    const user = await this.target(id);
    this.notSelf(actor, user);
    const summary = await this.get(id);
    await this.d.removeAccount(user);
    await this.audit(actor, 'user.delete', user, { files: summary.files, bytes: summary.bytes });
  }

  /** One unfinished upload of an account goes with its bytes (the owner's app sends it again or drops it). */
  async cancelUpload(actor: Actor, uploadId: string): Promise<void> {
    const upload = await this.repo.upload(uploadId);
    if (!upload) throw detailError(404, 'Загрузка не найдена.');
    if (upload.finishing_at !== null) throw detailError(409, UPLOAD_FINISHING);
    const user = await this.target(upload.user_id);
    await this.d.cancelUpload(uploadId);
    await this.d.audit.record(actor, { action: 'upload.cancel', targetId: user.id, target: user.email, details: { upload: uploadId } });
  }

  /** Every unfinished upload of an account; how many went. */
  async cancelUploads(actor: Actor, id: number): Promise<number> {
    const user = await this.target(id);
    let cancelled = 0;
    for (const uploadId of await this.repo.uploadIds(id)) if (await this.d.cancelUpload(uploadId).catch(() => false)) cancelled++;
    await this.audit(actor, 'user.uploads_cancel', user, { cancelled });
    return cancelled;
  }

  /**
   * A new account made by the admin (the command line): its e-mail confirmed, no password until its owner
   * sets one through the returned link (a week).
   */
  async create(
    actor: Actor,
    input: { email: string; firstName: string; lastName: string; staff: boolean },
  ): Promise<{ user: User; link: string }> {
    if (await this.users.byEmail(input.email)) throw detailError(400, EMAIL_TAKEN);
    const now = this.now();
    let user: User;
    try {
      let username = generateUsername(input.email);
      for (let i = 0; i < 30 && (await this.users.usernameTaken(username)); i++) username = generateUsername(input.email);
      user = await this.users.insert(
        newUserRow(
          {
            email: input.email,
            username,
            first_name: input.firstName,
            last_name: input.lastName,
            // No password yet: a hash of random bytes nobody knows (an empty one would mean "made by a provider").
            password_hash: await hashPassword(randomBytes(32).toString('base64url')),
            is_email_verified: 1,
            is_staff: input.staff ? 1 : 0,
          },
          now,
        ),
      );
    } catch (err) {
      if (uniqueViolationField(err) === 'email') throw detailError(400, EMAIL_TAKEN);
      throw err;
    }
    const link = await this.passwordLink(user.id, SET_PASSWORD_TTL_MS);
    await this.audit(actor, 'user.create', user, { is_staff: input.staff });
    return { user, link };
  }
}
