import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, createQueryId, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { AlbumsRepository } from '../../../server/albums/repository.ts';
import { MembersRepository } from '../../../server/albums/members/repository.ts';
import type { Db } from '../../../server/db/kysely.ts';
import { GrantsRepository } from '../../../server/grants/repository.ts';
import { PartnersRepository } from '../../../server/partners/repository.ts';
import { TimelineRepository } from '../../../server/media/timeline/repository.ts';
import { createUser } from '../support/media-fixtures.ts';
import { pgUrl } from '../support/pg-operator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The tables that grow with the vault: none of them may be read whole by a shared album's or a partner's query. */
const BIG = ['media', 'album_items', 'album_members', 'partners'];

/**
 * The queries of shared albums and partners read the big tables through their indexes, on SQLite (EXPLAIN QUERY
 * PLAN) and on PostgreSQL (EXPLAIN with sequential scans priced out, so that a plan still scanning a table has
 * no index to use): a 10,000-item album and a partner's 20,000 photos stay a few index look-ups per question.
 */
describe('query plans of shared albums and partners', () => {
  let t: TestApp;
  const seen: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => (seen.push(node), node),
    transformResult: async ({ result }) => result,
  };
  let db: Db;

  /** The statements `work` runs, each with what its plan reads the big tables by. */
  const plansOf = async (work: () => Promise<unknown>): Promise<{ sql: string; plan: string }[]> => {
    seen.length = 0;
    await work();
    const plans = [];
    for (const node of [...seen]) {
      const compiled = t.db.getExecutor().compileQuery(node, createQueryId());
      plans.push({ sql: compiled.sql, plan: await explain(compiled) });
    }
    return plans;
  };

  const explain = async (compiled: CompiledQuery): Promise<string> => {
    if (!pgUrl) {
      const { rows } = await t.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((r) => r.detail).join('\n');
    }
    return t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  };

  /** Every statement reads the big tables by an index (or a key): no full scan of any of them. */
  const expectIndexed = (plans: { sql: string; plan: string }[], { inOrder = false } = {}) => {
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql: text, plan } of plans) {
      // A page of an album comes in the index's order: nothing sorts the album's 10,000 entries for each page.
      if (inOrder) expect(plan, `${text}\n${plan}`).not.toMatch(pgUrl ? /\bSort\b/ : /TEMP B-TREE FOR ORDER BY/);
      for (const table of BIG) {
        const scan = pgUrl ? new RegExp(`Seq Scan on ${table}\\b`) : new RegExp(`^SCAN ${table}\\b(?! USING)`, 'm');
        expect(plan, `${text}\n${plan}`).not.toMatch(scan);
      }
    }
  };

  let album = 0;
  let owner = 0;
  let member = 0;

  /**
   * A vault of some size, its statistics taken, so that each database plans as it would for a real one: an
   * owner with 3,000 photos, all in one album shared with a member, who is also her partner, and 20 others
   * with 100 photos each.
   */
  beforeAll(async () => {
    t = await createTestApp({ env: { RUN_JOBS: 'false' } });
    db = t.db.withPlugin(recorder);
    owner = (await createUser(t, 'owner')).id;
    member = (await createUser(t, 'member')).id;
    const now = t.clock.now().toISOString();
    const photos = (userId: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        user_id: userId,
        kind: 'photo' as const,
        title: `photo ${i}`,
        description: '',
        status: 'ready' as const,
        original_key: `u/${userId}/photo/p${i}.jpg`,
        thumbnail_key: `u/${userId}/photo/p${i}-thumb.webp`,
        mime_type: 'image/jpeg',
        size: 1000,
        original_name: 'p.jpg',
        taken_at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString().slice(0, 19),
        created_at: now,
        updated_at: now,
      }));
    const insert = async <R>(rows: R[], into: (chunk: R[]) => Promise<unknown>) => {
      for (let i = 0; i < rows.length; i += 200) await into(rows.slice(i, i + 200));
    };
    await insert(photos(owner, 10_000), (chunk) => t.db.insertInto('media').values(chunk).execute());
    for (let n = 0; n < 20; n++) {
      const other = (await createUser(t, `other${n}`)).id;
      await insert(photos(other, 100), (chunk) => t.db.insertInto('media').values(chunk).execute());
    }
    album = (
      await t.db
        .insertInto('albums')
        .values({ user_id: owner, title: 'Большой', description: '', cover_media_id: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const ids = await t.db.selectFrom('media').select('id').where('user_id', '=', owner).orderBy('id').execute();
    await insert(ids, (chunk) =>
      t.db
        .insertInto('album_items')
        .values(chunk.map((r) => ({ album_id: album, media_id: r.id, added_at: now })))
        .execute(),
    );
    await t.db.insertInto('album_members').values({ album_id: album, user_id: member, role: 'viewer', created_at: now }).execute();
    await t.db.insertInto('partners').values({ user_id: owner, partner_id: member, created_at: now }).execute();
    // PostgreSQL plans by its statistics; SQLite without them plans as for large tables, by the indexes there are.
    if (pgUrl) await sql`analyze`.execute(t.db);
  }, 120_000);
  afterAll(() => t.close());

  it('an album’s list, view, page and item, and its members', async () => {
    const albums = new AlbumsRepository(db);
    const members = new MembersRepository(db);
    expectIndexed(await plansOf(() => albums.summaries(member)));
    expectIndexed(await plansOf(() => albums.summaries(member, album)));
    expectIndexed(await plansOf(() => albums.view(member, album)));
    expectIndexed(await plansOf(() => albums.entries(album, 1000, 200)), { inOrder: true });
    expectIndexed(await plansOf(() => albums.entries(album, null, 200)), { inOrder: true });
    expectIndexed(await plansOf(() => albums.shownItem(album, { kind: 'photo', id: 5 })));
    expectIndexed(await plansOf(() => albums.ownersInAlbum(album, [{ kind: 'photo', id: 5 }])));
    expectIndexed(await plansOf(() => albums.removeItemsOf(album, member)));
    expectIndexed(await plansOf(() => members.list(album)));
    expectIndexed(await plansOf(() => members.count(album)));
  });

  it('every grant’s check of a file', async () => {
    const grants = new GrantsRepository(db);
    const key = `u/${owner}/photo/p5-thumb.webp`;
    expectIndexed(await plansOf(() => grants.memberItemAlive(1, 5, owner, key)));
    expectIndexed(await plansOf(() => grants.memberFaceAlive(1, owner, key)));
    expectIndexed(await plansOf(() => grants.albumItemAlive(album, 5, owner, key)));
    expectIndexed(await plansOf(() => grants.albumFaceAlive(album, member, key)));
    expectIndexed(await plansOf(() => grants.partnerItemAlive(1, 5, owner, key)));
    expectIndexed(await plansOf(() => grants.partnerFaceAlive(1, owner, key)));
  });

  it('partners, and a partner’s timeline', async () => {
    const partners = new PartnersRepository(db);
    expectIndexed(await plansOf(() => partners.sharers(member)));
    expectIndexed(await plansOf(() => partners.list(member)));
    const timeline = new TimelineRepository(db);
    expectIndexed(await plansOf(() => timeline.between(owner, 'photo', '2024-01-31', '2024-03-02', false)));
    expectIndexed(await plansOf(() => timeline.wallMonths(owner, 'photo', false)));
  });
});
