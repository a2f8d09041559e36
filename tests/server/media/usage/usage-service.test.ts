import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../server/clock.ts';
import type { NewUpload } from '../../../../server/db/types.ts';
import { UsageRepository } from '../../../../server/media/usage/repository.ts';
import { MediaUsage } from '../../../../server/media/usage/usage.ts';
import { createServiceDb, insertMediaRow, insertUser, type ServiceDb } from '../../support/service-db.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * MediaUsage on its own: the stored sizes of rows put straight into a fresh database, uploads in
 * progress expiring on a manual clock — no files, no HTTP (uploads against a quota are in usage.test.ts).
 */
describe('MediaUsage', () => {
  let s: ServiceDb;
  let clock: ManualClock;
  let alice: number;
  let bob: number;
  let uploads = 0;

  /** The usage of the database's stored sizes, with USER_QUOTA_BYTES `quota` (null: none). */
  const usageWith = (quota: number | null) =>
    new MediaUsage({ repo: new UsageRepository(s.db), config: { ...s.config, userQuotaBytes: quota }, clock });
  const setQuota = (userId: number, bytes: number | null) =>
    s.db.updateTable('users').set({ quota_bytes: bytes }).where('id', '=', userId).execute();
  /** An unfinished resumable upload of `size` declared bytes, abandoned `expiresInMs` after the clock's now; its id. */
  const upload = async (userId: number, size: number, expiresInMs: number, fields: Partial<NewUpload> = {}) => {
    uploads += 1;
    const id = `upload-${uploads}`;
    await s.db
      .insertInto('uploads')
      .values({
        id,
        user_id: userId,
        kind: 'audio',
        title: 'Загрузка',
        description: '',
        filename: 'voice.webm',
        size,
        hash_offset: 0,
        hash_state: null,
        created_at: clock.now().toISOString(),
        expires_at: new Date(clock.now().getTime() + expiresInMs).toISOString(),
        finishing_at: null,
        ...fields,
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    s = await createServiceDb();
  });
  afterAll(() => s.close());

  beforeEach(async () => {
    await s.db.deleteFrom('uploads').execute();
    await s.db.deleteFrom('media').execute();
    clock = new ManualClock();
    alice ??= await insertUser(s, clock, 'alice');
    bob ??= await insertUser(s, clock, 'bob');
    await setQuota(alice, null);
  });

  it('answers zero of every kind for an owner without media, and no quota when none is set', async () => {
    expect(await usageWith(null).of(alice)).toEqual({ total_bytes: 0, quota_bytes: null, audio: 0, photo: 0, video: 0 });
  });

  it('counts originals plus the files made from them, per kind, trash included; another owner’s not', async () => {
    await insertMediaRow(s.db, clock, alice, { kind: 'audio', size: 1000, renditions_size: 500 });
    await insertMediaRow(s.db, clock, alice, { kind: 'audio', size: 200, renditions_size: 0 });
    await insertMediaRow(s.db, clock, alice, { kind: 'photo', size: 2000, renditions_size: 300 });
    await insertMediaRow(s.db, clock, alice, { kind: 'video', size: 3000, renditions_size: 700, deleted_at: clock.now().toISOString() });
    await insertMediaRow(s.db, clock, bob, { kind: 'audio', size: 99_999, renditions_size: 1 });

    expect(await usageWith(null).of(alice)).toEqual({ total_bytes: 7700, quota_bytes: null, audio: 1700, photo: 2300, video: 3700 });
  });

  it('counts an original whose renditions are not measured yet by its own size', async () => {
    await insertMediaRow(s.db, clock, alice, { kind: 'photo', size: 2000, renditions_size: null });

    expect((await usageWith(null).of(alice)).photo).toBe(2000);
  });

  it('takes the owner’s own quota before USER_QUOTA_BYTES', async () => {
    expect((await usageWith(50_000).of(alice)).quota_bytes).toBe(50_000);
    await setQuota(alice, 20_000);
    expect((await usageWith(50_000).of(alice)).quota_bytes).toBe(20_000);
    expect(await usageWith(50_000).quotaOf(bob)).toBe(50_000);
    expect(await usageWith(null).quotaOf(bob)).toBeNull();
  });

  it('leaves no room to count without a quota', async () => {
    await insertMediaRow(s.db, clock, alice, { size: 1000 });
    await upload(alice, 500, HOUR_MS);

    expect(await usageWith(null).room(alice)).toBeNull();
  });

  it('leaves the quota less the media and the uploads in progress; free may go below zero', async () => {
    await insertMediaRow(s.db, clock, alice, { size: 6000, renditions_size: 4000 });
    await upload(alice, 3000, HOUR_MS);
    await upload(bob, 7000, HOUR_MS);

    expect(await usageWith(20_000).room(alice)).toEqual({ quota: 20_000, staged: 3000, free: 7000 });
    expect(await usageWith(12_000).room(alice)).toEqual({ quota: 12_000, staged: 3000, free: -1000 });
  });

  it('counts an upload in progress until it expires at the clock’s now, not a moment longer', async () => {
    await upload(alice, 3000, HOUR_MS);
    await upload(alice, 1000, 2 * HOUR_MS);
    const usage = usageWith(10_000);

    clock.advance(HOUR_MS - 1);
    expect(await usage.room(alice)).toEqual({ quota: 10_000, staged: 4000, free: 6000 });

    clock.advance(1);
    expect(await usage.room(alice)).toEqual({ quota: 10_000, staged: 1000, free: 9000 });

    clock.advance(HOUR_MS);
    expect(await usage.room(alice)).toEqual({ quota: 10_000, staged: 0, free: 10_000 });
  });

  it('leaves out the upload whose own bytes are being checked', async () => {
    const checked = await upload(alice, 3000, HOUR_MS);
    await upload(alice, 1000, HOUR_MS);

    expect(await usageWith(10_000).room(alice, checked)).toEqual({ quota: 10_000, staged: 1000, free: 9000 });
  });
});
