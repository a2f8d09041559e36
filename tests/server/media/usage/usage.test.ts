import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageSchema } from '../../../../contract/media.ts';
import { migrate, migrateTo } from '../../../../server/db/migrate.ts';
import { createUser } from '../../support/media-fixtures.ts';
import { connect, head } from '../../support/raw-http.ts';
import { settle } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { solidPng, toneBytes } from '../../support/sample-files.ts';
import { postMedia } from '../../support/uploads.ts';
import { storedFiles } from '../../support/test-storage.ts';

type User = Awaited<ReturnType<typeof createUser>>;

const upload = (t: TestApp, user: User, kind: 'audio' | 'photo', data: Buffer, filename: string) =>
  postMedia(t, user, kind, { title: filename }, { filename, data });
const usage = async (t: TestApp, user: User) => {
  const res = await t.app.inject({ url: '/api/media/usage/', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return usageSchema.parse(res.json());
};
/** Sizes straight from the stored files of a user, as the storage tells them: what the database's figures must add up to. */
const storedBytes = async (t: TestApp, user: User, kind: string) => {
  let sum = 0;
  for (const key of (await storedFiles(t)).filter((f) => f.startsWith(`u/${user.id}/${kind}/`))) sum += (await t.storage.stat(key))!.size;
  return sum;
};

let mp3: Buffer;
let png: Buffer;
beforeAll(async () => {
  mp3 = await toneBytes('mp3');
  png = await solidPng(64, 48, '#a35');
});

describe('GET /api/media/usage/', () => {
  let t: TestApp;
  let alice: User;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
  });
  afterAll(() => t.close());

  it('answers zero for a new user, and no quota when none is configured', async () => {
    expect(await usage(t, alice)).toEqual({ total_bytes: 0, quota_bytes: null, audio: 0, photo: 0, video: 0 });
    expect((await t.app.inject({ url: '/api/media/usage/' })).statusCode).toBe(401);
  });

  it('counts originals plus the files made from them, per kind, from the stored sizes; trashed items until purged', async () => {
    expect((await upload(t, alice, 'audio', mp3, 'a.mp3')).statusCode).toBe(201);
    const photo = (await upload(t, alice, 'photo', png, 'p.png')).json<{ id: number }>();
    await settle(t); // the files made from them come from their jobs
    const u = await usage(t, alice);
    expect(u.audio).toBe(await storedBytes(t, alice, 'audio'));
    expect(u.photo).toBe(await storedBytes(t, alice, 'photo'));
    expect(u.photo).toBeGreaterThan(png.length); // the thumbnail and preview count too
    expect(u.total_bytes).toBe(u.audio + u.photo);

    await t.app.inject({ method: 'DELETE', url: `/api/media/photo/${photo.id}/`, headers: alice.headers });
    expect(await usage(t, alice)).toEqual(u);
    await t.app.inject({ method: 'DELETE', url: `/api/media/trash/photo/${photo.id}/`, headers: alice.headers });
    expect(await usage(t, alice)).toMatchObject({ photo: 0, total_bytes: u.audio });
  });

  it('reads the figures from the database, not from the disk', async () => {
    const before = await usage(t, alice);
    await t.db
      .updateTable('media')
      .set({ size: 1_000_000, renditions_size: 0 })
      .where('user_id', '=', alice.id)
      .where('kind', '=', 'audio')
      .execute();
    const after = await usage(t, alice);
    expect(after.audio).toBe(1_000_000);
    expect(after.total_bytes).toBe(before.total_bytes - before.audio + 1_000_000);
  });
});

describe('renditions stored before their sizes were', () => {
  let t: TestApp;
  let alice: User;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
  });
  afterAll(() => t.close());

  it('are measured once from the storage, a file it cannot find counting 0', async () => {
    const photo = (await upload(t, alice, 'photo', png, 'p.png')).json<{ id: number; thumbnail: string }>();
    const audio = (await upload(t, alice, 'audio', mp3, 'a.mp3')).json<{ id: number }>();
    await settle(t);
    const expected = (await storedBytes(t, alice, 'photo')) - png.length;
    // The rows as the migration leaves rows made before it: not measured yet.
    await migrateTo(t.db, '007-account-2fa-email');
    await migrate(t.db);
    const sizes = () => t.db.selectFrom('media').select(['id', 'renditions_size']).orderBy('id').execute();
    expect(await sizes()).toEqual([
      { id: photo.id, renditions_size: null },
      { id: audio.id, renditions_size: null },
    ]);
    await t.db
      .updateTable('media')
      .set({ playable_key: `u/${alice.id}/audio/gone.mp3` })
      .where('id', '=', audio.id)
      .execute();

    expect(await t.services.media.renditionSizes.backfill()).toBe(2);
    expect(await sizes()).toEqual([
      { id: photo.id, renditions_size: expected },
      { id: audio.id, renditions_size: 0 },
    ]);
    expect(await t.services.media.renditionSizes.backfill()).toBe(0);
  });
});

describe('USER_QUOTA_BYTES', () => {
  let t: TestApp;
  let port: number;
  const QUOTA = 200 * 1024;

  beforeAll(async () => {
    t = await createTestApp({ env: { USER_QUOTA_BYTES: String(QUOTA) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const files = async (user: User) => (await storedFiles(t)).filter((f) => f.startsWith(`u/${user.id}/`));
  const rows = async (user: User) => (await t.db.selectFrom('media').select('id').where('user_id', '=', user.id).execute()).length;
  /** A PNG of about `bytes` (random pixels, stored uncompressed). */
  const noise = async (bytes: number) => {
    const width = Math.max(1, Math.round(bytes / 48));
    return sharp(randomBytes(width * 48), { raw: { width, height: 16, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  };

  it('is shown in the usage answer', async () => {
    const user = await createUser(t);
    expect(await usage(t, user)).toMatchObject({ total_bytes: 0, quota_bytes: QUOTA });
  });

  it('refuses with 413 and a Russian message an upload that would pass it, and keeps nothing of it', async () => {
    const user = await createUser(t);
    const fits = await noise(60 * 1024);
    expect((await upload(t, user, 'photo', fits, 'fits.png')).statusCode).toBe(201);
    await settle(t); // its copies made, before what is stored is compared
    const before = await files(user);
    const used = (await usage(t, user)).total_bytes;

    const big = await noise(QUOTA - used + 4096);
    const res = await upload(t, user, 'photo', big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Не хватает места в хранилище: свободно [\d,]+ КБ из 200 КБ\.$/);
    expect(await files(user)).toEqual(before);
    expect(await rows(user)).toBe(1);
  });

  it('refuses before reading the body when its declared length already cannot fit', async () => {
    const user = await createUser(t);
    const c = await connect(port);
    const declared = QUOTA + 1024 * 1024;
    // Only the head and the first bytes are sent: the answer must come without the rest.
    await c.write(
      head('POST', '/api/media/photo/', {
        ...user.headers,
        'Content-Type': 'multipart/form-data; boundary=xyz',
        'Content-Length': declared,
      }),
    );
    await c.write('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n');
    expect(await c.waitFor(/HTTP\/1\.1 413 [\s\S]*Не хватает места в хранилище/, 10_000)).toBe(true);
    c.close();
    expect(await files(user)).toEqual([]);
  });

  it('stops reading a body of unknown length once it passes the room left, and cleans up', async () => {
    const user = await createUser(t);
    const c = await connect(port);
    await c.write(
      head('POST', '/api/media/photo/', {
        ...user.headers,
        'Content-Type': 'multipart/form-data; boundary=xyz',
        'Transfer-Encoding': 'chunked',
      }),
    );
    const chunk = (data: Buffer | string) => {
      const b = Buffer.from(data);
      return Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
    };
    await c.write(chunk('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'));
    // Three times the quota, in 32 KiB pieces, without waiting: the server answers while they still come.
    for (let i = 0; i < (3 * QUOTA) / (32 * 1024) && !c.isClosed(); i++) void c.write(chunk(randomBytes(32 * 1024)));
    expect(await c.waitFor(/HTTP\/1\.1 413 [\s\S]*Не хватает места в хранилище/, 10_000)).toBe(true);
    c.close();
    await expect.poll(() => files(user), { timeout: 10_000 }).toEqual([]);
    expect(await rows(user)).toBe(0);
  });

  it('lets only one of two uploads through when each fits alone but not both', async () => {
    const user = await createUser(t);
    const a = await noise(120 * 1024);
    const b = await noise(120 * 1024);
    const results = await Promise.all([upload(t, user, 'photo', a, 'a.png'), upload(t, user, 'photo', b, 'b.png')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    expect(await rows(user)).toBe(1);
  });
});
