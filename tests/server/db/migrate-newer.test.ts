import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../../server/db/kysely.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { tempDir } from '../support/media-fixtures.ts';

/**
 * A database a newer release migrated (a downgrade, a restore of a newer backup): the start says so and what to do
 * (ops review R13: it said «Migration  failed: corrupted migrations: previously executed migration 025-… is missing»).
 */
describe('a database migrated by a newer release', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('is refused with the migration it does not know and the way out', async () => {
    const dir = await tempDir('kopilka-newer-');
    dirs.push(dir);
    const db = createDb({ dialect: 'sqlite', file: path.join(dir, 'kopilka.sqlite') });
    try {
      await migrate(db);
      await sql`insert into kysely_migration (name, timestamp) values ('999-from-the-future', ${new Date().toISOString()})`.execute(db);
      await expect(migrate(db)).rejects.toThrow(
        'the database was migrated by a newer release (its migration 999-from-the-future is unknown to this one): run that release, or restore a backup made by this one',
      );
    } finally {
      await db.destroy();
    }
  });
});
