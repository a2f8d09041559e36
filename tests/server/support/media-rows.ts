import type { Db } from '../../../server/db/kysely.ts';

/** How many media rows the database holds, of every user and status: a refused upload must add none. */
export async function mediaRowCount(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
