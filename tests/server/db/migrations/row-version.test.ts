import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import { ManualClock } from '../../../../server/clock.ts';
import { createServiceDb, insertMediaRow, insertUser, type ServiceDb } from '../../support/service-db.ts';

/**
 * Migration 024: every update of a media row moves its row_version, whoever writes it, and the migration goes
 * down and up again on both databases.
 */
describe('migration 024: media row versions', () => {
  let s: ServiceDb;
  const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
  beforeAll(async () => {
    s = await createServiceDb();
  });
  afterAll(() => s.close());

  const versionOf = async (id: number) =>
    (await s.db.selectFrom('media').select('row_version').where('id', '=', id).executeTakeFirstOrThrow()).row_version;

  it('starts at 0 and goes up by one with every update, of any column, by any writer; down and up again', async () => {
    const userId = await insertUser(s, clock, 'alice');
    const row = await insertMediaRow(s.db, clock, userId);
    const other = await insertMediaRow(s.db, clock, userId);
    expect(await versionOf(row.id)).toBe(0);

    await s.db.updateTable('media').set({ title: 'Другое' }).where('id', '=', row.id).execute();
    expect(await versionOf(row.id)).toBe(1);
    await s.db.updateTable('media').set({ waveform: '[1,2,3]', is_favorite: 1 }).where('id', '=', row.id).execute();
    expect(await versionOf(row.id)).toBe(2);
    // A write that changes nothing is a write too; the row beside it stays.
    await s.db.updateTable('media').set({ title: 'Другое' }).where('id', '=', row.id).execute();
    expect(await versionOf(row.id)).toBe(3);
    expect(await versionOf(other.id)).toBe(0);

    await migrateTo(s.db, '023-passkeys-oauth');
    expect(Object.keys(await s.db.selectFrom('media').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow())).not.toContain(
      'row_version',
    );
    await migrate(s.db);
    await s.db.updateTable('media').set({ title: 'Снова' }).where('id', '=', other.id).execute();
    expect(await versionOf(other.id)).toBe(1);
  });
});
