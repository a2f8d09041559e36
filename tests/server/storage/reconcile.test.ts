import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../../server/jobs/queue.ts';
import { purgeFilesJob } from '../../../server/storage/purge-files.ts';
import { RECONCILE_AGE_MS, RECONCILE_EVERY_MS, reconcileStorage, scheduleReconciliation } from '../../../server/storage/reconcile.ts';
import { LocalStorage } from '../../../server/storage/local.ts';
import { createUser, tempDir } from '../support/media-fixtures.ts';
import { settle } from '../support/processing.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What crashes leave in the storage (bytes stored but never recorded, or forgotten but never
 * removed) and in the work folders, and the reconciliation that removes them: anything no row names
 * once it is an hour old, by listing the storage.
 */
describe('storage reconciliation', () => {
  let t: TestApp;
  let root: string;
  let user: number;
  const old = RECONCILE_AGE_MS + 60_000;

  /** A file under `base`, last written `ageMs` before the test app's clock. */
  function file(base: string, key: string, ageMs: number): string {
    const full = path.join(base, key);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, 'bytes');
    const at = new Date(t.clock.now().getTime() - ageMs);
    utimesSync(full, at, at);
    return full;
  }
  const stored = (key: string, ageMs = old) => file(root, key, ageMs);

  beforeAll(async () => {
    root = await tempDir('kopilka-reconcile-');
    t = await createTestApp({ storage: new LocalStorage(root), env: { RUN_JOBS: 'false' } });
    user = (await createUser(t, 'owner')).id;
  });
  afterAll(() => t.close());

  const reconcile = () => reconcileStorage({ db: t.db, storage: t.storage, clock: t.clock });

  it('removes stored bytes no row names once they are an hour old, and keeps everything a record or an account names', async () => {
    const now = t.clock.now().toISOString();
    await t.db
      .updateTable('users')
      .set({ photo_key: `u/${user}/avatar/current.webp` })
      .where('id', '=', user)
      .execute();
    await t.db
      .insertInto('media')
      .values({
        user_id: user,
        kind: 'audio',
        title: '',
        description: '',
        status: 'ready',
        original_key: `u/${user}/audio/Kept00000000000A.webm`,
        playable_key: `u/${user}/audio/Kept00000000000A-0123456789ab.mp3`,
        mime_type: 'audio/webm',
        size: 5,
        original_name: 'a.webm',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const kept = [
      stored(`u/${user}/avatar/current.webp`),
      stored(`u/${user}/audio/Kept00000000000A.webm`),
      stored(`u/${user}/audio/Kept00000000000A-0123456789ab.mp3`),
      stored(`u/${user}/audio/Young0000000000A.webm`, 5 * 60_000), // may belong to work in progress
    ];
    const removed = [
      stored(`u/${user}/avatar/replaced.webp`), // an old avatar whose removal a crash cut off
      stored(`u/${user}/audio/Kept00000000000A-deadbeef0001-thumb.webp`), // a dead run's output
      stored(`u/${user}/audio/Orphan000000000A.webm`), // stored, then the process died before the row
      stored(`u/${user}/audio/Orphan000000000B.upload`), // cut off before its check
      stored(`u/${user}/video/Orphan000000000C.mp4.0123456789ab.part`), // cut off mid-write
      stored(`u/999/photo/Gone00000000000A.jpg`), // an account whose deletion a crash cut off
    ];

    const report = await reconcile();
    expect(report).toMatchObject({ objects: 5, temp: 1 });
    for (const f of kept) expect(existsSync(f), f).toBe(true);
    for (const f of removed) expect(existsSync(f), f).toBe(false);

    // An hour later the young one is as old as the rest, and goes too.
    t.clock.advance(RECONCILE_AGE_MS);
    expect((await reconcile()).objects).toBe(1);
    expect(existsSync(kept[3]!)).toBe(false);
    for (const f of kept.slice(0, 3)) expect(existsSync(f), f).toBe(true);
  });

  it('leaves the bytes of an upload still in progress alone, however old: its journal entry names them', async () => {
    const busy = `u/${user}/video/Busy00000000000A`;
    const journal = await t.services.queue.hold(purgeFilesJob({ prefixes: [`${busy}.`, `${busy}-`] }));
    const upload = stored(`${busy}.upload`); // a multipart upload's object carries the time the upload began
    try {
      expect((await reconcile()).objects).toBe(0);
      expect(existsSync(upload)).toBe(true);
    } finally {
      await journal.settle();
    }
    expect((await reconcile()).objects).toBe(1);
    expect(existsSync(upload)).toBe(false);
  });

  it('leaves the outputs of a job still running alone, however old: their keys carry its live claim', async () => {
    // A long video's processing writes its first output long before its record names any of them. On a
    // PostgreSQL and S3 run, a photo's thumbnail went while its processing was still writing the others.
    const run = await t.services.queue.hold(purgeFilesJob({ prefixes: [`u/${user}/nothing-`] }));
    const output = stored(`u/${user}/video/LongRun000000000-${run.claim}-poster.jpg`);
    try {
      expect((await reconcile()).objects).toBe(0);
      expect(existsSync(output)).toBe(true);
    } finally {
      await run.settle();
    }
    expect((await reconcile()).objects).toBe(1);
    expect(existsSync(output)).toBe(false);
  });

  it('leaves the staged bytes of a resumable upload alone while it has its row (up to 24 h), and removes them once it has none', async () => {
    const hex = 'ab'.repeat(16);
    const now = t.clock.now();
    await t.db
      .insertInto('uploads')
      .values({
        id: `${user}-${hex}`,
        user_id: user,
        kind: 'video',
        title: '',
        description: '',
        filename: 'a.mp4',
        size: 100,
        hash_offset: 0,
        hash_state: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 20 * RECONCILE_AGE_MS).toISOString(),
        finishing_at: null,
      })
      .execute();
    const staged = [
      stored(`u/${user}/uploads/${hex}`, 5 * RECONCILE_AGE_MS),
      stored(`u/${user}/uploads/${hex}.json`, 5 * RECONCILE_AGE_MS),
    ];
    const orphans = [stored(`u/${user}/uploads/${'cd'.repeat(16)}`), stored(`u/${user}/uploads/${'cd'.repeat(16)}.info`)];
    expect((await reconcile()).objects).toBe(2);
    for (const f of staged) expect(existsSync(f), f).toBe(true);
    for (const f of orphans) expect(existsSync(f), f).toBe(false);

    await t.db.deleteFrom('uploads').execute();
    expect((await reconcile()).objects).toBe(2);
    for (const f of staged) expect(existsSync(f), f).toBe(false);
  });
});

const quiet = { error: () => {}, warn: () => {}, info: () => {} };

describe('the reconciliation job', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await tempDir('kopilka-reconcile-job-');
    mkdirSync(path.join(root, 'u', '5', 'audio'), { recursive: true });
    const orphan = path.join(root, 'u', '5', 'audio', 'Orphan000000000A.webm');
    writeFileSync(orphan, 'x');
    const hoursAgo = new Date(Date.now() - 3 * 60 * 60_000);
    utimesSync(orphan, hoursAgo, hoursAgo);
    t = await createTestApp({ storage: new LocalStorage(root) });
  });
  afterAll(() => t.close());

  it('runs when a worker starts, then once an hour, one job whatever the number of workers', async () => {
    await settle(t);
    expect(existsSync(path.join(root, 'u', '5', 'audio', 'Orphan000000000A.webm'))).toBe(false);
    const jobs = await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'reconcile-storage').execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ lease_until: null, run_after: new Date(t.clock.now().getTime() + RECONCILE_EVERY_MS).toISOString() });

    // Another worker starting asks for a round now: still one job, brought forward. That worker is another
    // process, with a queue of its own: its nudge does not wake this app's worker, which would otherwise claim
    // the job at once and, done, put it an hour on again before the row is read (seen on PostgreSQL).
    const otherWorkersQueue = new JobQueue({ db: t.db, clock: t.clock, lease: t.config.jobLease, log: quiet });
    await scheduleReconciliation(otherWorkersQueue);
    const again = await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'reconcile-storage').execute();
    expect(again).toHaveLength(1);
    expect(again[0]!.run_after).toBe(t.clock.now().toISOString());

    mkdirSync(path.join(root, 'u', '5', 'photo'), { recursive: true });
    const later = path.join(root, 'u', '5', 'photo', 'Orphan000000000B.jpg');
    writeFileSync(later, 'x');
    // Written now by the test's clock, which stands still while the test runs (on a loaded machine the setup
    // alone may take longer than the second of margin below, and the file would still be young).
    utimesSync(later, t.clock.now(), t.clock.now());
    await settle(t);
    expect(existsSync(later)).toBe(true); // young
    t.clock.advance(RECONCILE_EVERY_MS + 1000);
    await settle(t);
    expect(existsSync(later)).toBe(false);
  });
});
