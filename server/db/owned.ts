import type { Db } from './kysely.ts';

/** The tables whose rows belong to one user by `user_id` and are named by their own `id`. */
export type OwnedTable = 'albums' | 'shares' | 'passkeys';

/**
 * Deletes the user's row of `table` with this id, in one statement that names both, so that nobody deletes
 * another user's row by guessing its id. False when the user has no such row.
 */
export async function deleteOwnedRow(db: Db, table: OwnedTable, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom(table).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
