import type { Db } from '../db/kysely.ts';
import type { NewUser, User, UserUpdate } from '../db/types.ts';

/** SQL for the users table. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  byId(id: number): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  byPhone(phone: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  async usernameTaken(username: string): Promise<boolean> {
    return !!(await this.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst());
  }

  /** Which of the given unique values already belong to someone (other than `exceptId`). */
  async taken(values: { email?: string; username?: string; phone?: string | null }, exceptId?: number) {
    const out = { email: false, username: false, phone: false };
    for (const field of ['email', 'username', 'phone'] as const) {
      const v = values[field];
      if (!v) continue;
      let q = this.db.selectFrom('users').select('id').where(field, '=', v);
      if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
      out[field] = !!(await q.executeTakeFirst());
    }
    return out;
  }

  async insert(user: NewUser): Promise<User> {
    const { id } = await this.db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return (await this.byId(id))!;
  }

  async update(id: number, patch: UserUpdate): Promise<User | undefined> {
    await this.db.updateTable('users').set(patch).where('id', '=', id).execute();
    return this.byId(id);
  }

  /** Removes the user; codes, tokens and media rows go with it (ON DELETE CASCADE). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}
