import type { Readable } from 'node:stream';
import type { AppDeps } from '../deps.ts';
import { uniqueViolationField, Users } from '../accounts/users.ts';
import type { User, UserUpdate } from '../db/types.ts';
import { ApiError, fieldError, uniqueError } from '../http/errors.ts';
import { purgeFilesJob } from '../storage/purge-files.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { userPrefix } from '../storage/storage.ts';
import type { AccountActions } from '../accounts/account-actions.ts';
import { ALREADY_EXISTS } from '../accounts/messages.ts';
import { phoneChangedNotice } from './messages.ts';
import { maskPhone } from '../accounts/phone.ts';
import { REQUIRED } from '../http/validation.ts';
import { newAvatarBase, storeAvatar } from './avatar.ts';

/** The signed-in user's own account: edit, avatar, deletion. */
export class ProfileService {
  private readonly users: Users;

  constructor(
    private readonly deps: AppDeps,
    private readonly actions: AccountActions,
    private readonly queue: JobQueue,
  ) {
    this.users = new Users(deps.db);
  }

  /**
   * Names change freely. A phone is a way into the account (login and reset codes), so changing or
   * removing it needs the current password; the new number is unverified and gets an SMS code
   * (unless its send limit is reached), and the account's address is told.
   */
  async update(
    user: User,
    patch: { first_name?: string; last_name?: string; phone?: string | null },
    password: unknown,
    ip: string,
  ): Promise<User> {
    const set: UserUpdate = {};
    if (patch.first_name !== undefined) set.first_name = patch.first_name;
    if (patch.last_name !== undefined) set.last_name = patch.last_name;
    const phoneChanged = patch.phone !== undefined && patch.phone !== user.phone;
    if (phoneChanged) {
      if (typeof password !== 'string' || password === '') throw fieldError('password', REQUIRED);
      await this.actions.confirmPassword(user, password);
      if (patch.phone && (await this.users.taken({ phone: patch.phone }, user.id)).phone)
        throw uniqueError({ phone: [ALREADY_EXISTS.phone] });
      set.phone = patch.phone;
      set.is_phone_verified = 0;
    }
    if (!Object.keys(set).length) return user;
    set.updated_at = this.deps.clock.now().toISOString();
    let updated: User;
    try {
      updated = (await this.users.update(user.id, set))!;
    } catch (err) {
      if (uniqueViolationField(err) === 'phone') throw uniqueError({ phone: [ALREADY_EXISTS.phone] });
      throw err;
    }
    if (phoneChanged) this.actions.notify(updated, phoneChangedNotice(updated.phone ? maskPhone(updated.phone) : null));
    if (phoneChanged && updated.phone) {
      try {
        await this.actions.limitSend('verify', updated.phone, ip);
        await this.actions.sendSmsCode('phone_verify', updated.id, updated.phone, false);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err; // throttled: the user can ask for a new code later
      }
    }
    return updated;
  }

  /**
   * Password-checked; rows go by cascade, and every file under u/{id}/ by a 'purge-files' job added
   * in the same transaction, which retries until they are all gone.
   */
  async deleteAccount(user: User, password: unknown): Promise<void> {
    await this.actions.confirmPassword(user, typeof password === 'string' ? password : undefined);
    await this.removeAccount(user);
  }

  /** The deletion itself, with no password asked (the admin command's `users delete`). */
  async removeAccount(user: Pick<User, 'id'>): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.users.in(trx).delete(user.id);
      await this.queue.enqueue(purgeFilesJob({ prefixes: [userPrefix(user.id)] }), trx);
    });
    this.queue.nudge('purge-files');
  }

  /**
   * The upload is journalled before its first byte (a held 'purge-files' job for its base name),
   * settled in the transaction that records the new key; the old avatar goes by a 'purge-files' job
   * added in that transaction. A crash at any point leaves bytes only to a job that removes them.
   */
  async setAvatar(user: User, source: Readable): Promise<User> {
    const base = newAvatarBase(user.id);
    const journal = await this.queue.hold(purgeFilesJob({ keys: [`${base}.upload`, `${base}.webp`], prefixes: [`${base}.`] }));
    let updated: User | undefined;
    try {
      const key = await storeAvatar(this.deps.storage, base, source, this.deps.config.limits.avatar);
      updated = await this.deps.db.transaction().execute(async (trx) => {
        const row = await this.users.in(trx).update(user.id, {
          photo_key: key,
          photo_version: user.photo_version + 1,
          updated_at: this.deps.clock.now().toISOString(),
        });
        if (!row) return undefined; // deleted meanwhile: the journal entry's job removes the new file
        if (!(await journal.settle(trx))) throw new Error('the avatar journal entry was taken over before the avatar was recorded');
        if (user.photo_key && user.photo_key !== key) await this.queue.enqueue(purgeFilesJob({ keys: [user.photo_key] }), trx);
        return row;
      });
    } finally {
      // A worker removes whatever the upload left (should this fail too, the entry's lease runs out and a worker runs it all the same).
      if (!updated) await journal.release().catch(() => {});
    }
    if (!updated) throw new ApiError(401, { detail: 'Пользователь не найден.' });
    this.queue.nudge('purge-files');
    return updated;
  }

  /** The key is forgotten and its bytes go by a 'purge-files' job, in one transaction. */
  async removeAvatar(user: User): Promise<User> {
    if (!user.photo_key) return user;
    const old = user.photo_key;
    const updated = await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.users.in(trx).update(user.id, {
        photo_key: null,
        photo_version: user.photo_version + 1,
        updated_at: this.deps.clock.now().toISOString(),
      });
      await this.queue.enqueue(purgeFilesJob({ keys: [old] }), trx);
      return row!;
    });
    this.queue.nudge('purge-files');
    return updated;
  }
}
