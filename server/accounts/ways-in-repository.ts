import type { Db } from '../db/kysely.ts';

/** How an account can sign in besides a session it already has: its password, its passkeys, its linked providers. */
export interface WaysIn {
  hasPassword: boolean;
  passkeys: number;
  providers: number;
}

/**
 * An account made through a provider has no password until its owner sets one (an empty hash, which
 * no password matches). Removing a passkey or unlinking a provider keeps at least one way in.
 */
export async function waysIn(db: Db, userId: number): Promise<WaysIn> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  const passkeys = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const providers = await db
    .selectFrom('oauth_links')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { hasPassword: !!user?.password_hash, passkeys: Number(passkeys?.n ?? 0), providers: Number(providers?.n ?? 0) };
}

/** The total of the ways in. */
export const countWaysIn = (w: WaysIn) => (w.hasPassword ? 1 : 0) + w.passkeys + w.providers;

/** What removing the last way in is refused with. */
export const LAST_WAY_IN = 'Это последний способ входа в аккаунт. Сначала задайте пароль или добавьте другой способ входа.';
