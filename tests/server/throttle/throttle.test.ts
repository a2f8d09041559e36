import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Throttle } from '../../../server/throttle/throttle.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('Throttle (rate_events in the database)', () => {
  let t: TestApp;
  let throttle: Throttle;
  beforeAll(async () => {
    t = await createTestApp();
    throttle = new Throttle(t.db, t.clock);
  });
  afterAll(() => t.close());

  it('allows `limit` hits per window and tells how long to wait', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await throttle.hit('k1', 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      t.clock.advance(10_000);
    }
    const denied = await throttle.hit('k1', 3, 60_000);
    expect(denied.allowed).toBe(false);
    expect(denied.retryAfterSeconds).toBe(30); // the first hit leaves the window 60 s after it was made
    t.clock.advance(30_000);
    expect((await throttle.hit('k1', 3, 60_000)).allowed).toBe(true);
  });

  it('is shared by every instance on the same database (several processes)', async () => {
    const other = new Throttle(t.db, t.clock);
    expect((await throttle.hit('shared', 1, 60_000)).allowed).toBe(true);
    expect((await other.hit('shared', 1, 60_000)).allowed).toBe(false);
  });

  it('does not count refused hits, and reset forgets a key', async () => {
    expect((await throttle.hit('k2', 1, 60_000)).allowed).toBe(true);
    for (let i = 0; i < 5; i++) expect((await throttle.hit('k2', 1, 60_000)).allowed).toBe(false);
    t.clock.advance(60_001);
    expect((await throttle.hit('k2', 1, 60_000)).allowed).toBe(true);
    await throttle.reset('k2');
    expect((await throttle.hit('k2', 1, 60_000)).allowed).toBe(true);
  });

  it('counts first and atomically: 20 simultaneous hits with a limit of 5 let exactly 5 through', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => new Throttle(t.db, t.clock).hit(`burst`, 5, 60_000).then((r) => ({ i, ...r }))),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    const rows = await t.db.selectFrom('rate_events').select('id').where('key', '=', 'burst').execute();
    expect(rows).toHaveLength(5);
  });

  it('a reservation under several rules is all or nothing, and can be given back', async () => {
    const rules = [
      { key: 'acct', limit: 2, windowMs: 60_000 },
      { key: 'ip', limit: 1, windowMs: 60_000 },
    ];
    const first = await throttle.reserve(rules);
    expect(first.allowed).toBe(true);
    const second = await throttle.reserve(rules);
    expect(second.allowed).toBe(false);
    const count = async (key: string) => (await t.db.selectFrom('rate_events').select('id').where('key', '=', key).execute()).length;
    expect([await count('acct'), await count('ip')]).toEqual([1, 1]);
    await first.release();
    expect([await count('acct'), await count('ip')]).toEqual([0, 0]);
    expect((await throttle.reserve(rules)).allowed).toBe(true);
  });

  it('cleans events older than a day', async () => {
    await throttle.record('old');
    t.clock.advance(25 * 3600 * 1000);
    await throttle.clean();
    const rows = await t.db.selectFrom('rate_events').select('key').where('key', '=', 'old').execute();
    expect(rows).toHaveLength(0);
  });
});
