import type { Db } from '../db/kysely.ts';
import type { NewUser, User, UserUpdate } from '../db/types.ts';
import { UsersRepository } from './users-repository.ts';
import { countWaysIn, waysIn, type WaysIn } from './ways-in-repository.ts';

export { LAST_WAY_IN, type WaysIn } from './ways-in-repository.ts';

/**
 * The users service: how every other feature (sign-in, the profile and its e-mail change, passkeys, the
 * sign-in providers) reads and writes accounts and counts an account's ways in. The users table's SQL
 * stays this feature's own (users-repository.ts, ways-in-repository.ts).
 */
export class Users {
  private readonly repo: UsersRepository;

  constructor(private readonly db: Db) {
    this.repo = new UsersRepository(db);
  }

  /** The same service inside a transaction. */
  in(trx: Db): Users {
    return new Users(trx);
  }

  /** Runs `work` in one transaction, with this service on it. */
  transaction<T>(work: (users: Users, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(this.in(trx), trx));
  }

  byId(id: number): Promise<User | undefined> {
    return this.repo.byId(id);
  }

  byEmail(email: string): Promise<User | undefined> {
    return this.repo.byEmail(email);
  }

  byPhone(phone: string): Promise<User | undefined> {
    return this.repo.byPhone(phone);
  }

  usernameTaken(username: string): Promise<boolean> {
    return this.repo.usernameTaken(username);
  }

  /** Which of the given unique values already belong to someone (other than `exceptId`). */
  taken(values: { email?: string; username?: string; phone?: string | null }, exceptId?: number) {
    return this.repo.taken(values, exceptId);
  }

  insert(user: NewUser): Promise<User> {
    return this.repo.insert(user);
  }

  update(id: number, patch: UserUpdate): Promise<User | undefined> {
    return this.repo.update(id, patch);
  }

  /** Removes the user; codes, tokens and media rows go with it (ON DELETE CASCADE). */
  delete(id: number): Promise<void> {
    return this.repo.delete(id);
  }

  /** How the account can sign in besides a session it already has. */
  waysIn(userId: number): Promise<WaysIn> {
    return waysIn(this.db, userId);
  }

  /** How many ways in the account has (removing the last one is refused with LAST_WAY_IN). */
  async countWaysIn(userId: number): Promise<number> {
    return countWaysIn(await waysIn(this.db, userId));
  }
}

/** A new account's row: active, nothing verified, no phone or photo, made at `now`; `fields` say the rest. */
export function newUserRow(
  fields: Pick<NewUser, 'email' | 'username' | 'first_name' | 'last_name' | 'password_hash'> & Partial<NewUser>,
  now: string,
): NewUser {
  return {
    phone: null,
    photo_key: null,
    is_active: 1,
    is_email_verified: 0,
    is_phone_verified: 0,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

/** Which unique column a constraint violation is about, from the driver's message (SQLite and PostgreSQL). */
export function uniqueViolationField(err: unknown): 'email' | 'username' | 'phone' | null {
  const e = err as { code?: string; message?: string; constraint?: string; detail?: string };
  const text = `${e?.message ?? ''} ${e?.constraint ?? ''} ${e?.detail ?? ''}`;
  if (e?.code !== '23505' && !/UNIQUE constraint failed/i.test(text)) return null;
  for (const f of ['email', 'username', 'phone'] as const) if (text.includes(f)) return f;
  return null;
}
