import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoRecordSchema } from '../../../contract/media.ts';
import { buildApp } from '../../../server/app.ts';
import { bodyOf } from '../support/inject-json.ts';
import { connect } from '../support/raw-http.ts';
import { createUser } from '../support/media-fixtures.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { tusClient } from '../support/tus.ts';

type User = Awaited<ReturnType<typeof createUser>>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const noise = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** The head of a PATCH whose body the test then writes (or does not) on the raw connection. */
const patchHead = (user: User, url: string, offset: number, length: number) =>
  `PATCH ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${user.headers.authorization}\r\nTus-Resumable: 1.0.0\r\n` +
  `Upload-Offset: ${offset}\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${length}\r\n\r\n`;

describe('resumable uploads over a real connection', () => {
  let t: TestApp;
  let port: number;
  let alice: User;
  /** A second API process on the same database and storage. */
  let other: FastifyInstance;
  let tus: ReturnType<typeof tusClient>;
  let tusOther: ReturnType<typeof tusClient>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    ({ app: other } = await buildApp(t.deps, { logger: false }));
    await other.ready();
    tus = tusClient(t.app);
    tusOther = tusClient(other);
    alice = await createUser(t, 'alice');
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const offsetOf = async (client: ReturnType<typeof tusClient>, url: string) =>
    Number((await client.head(alice.headers, url)).headers['upload-offset']);

  it('keeps what arrived before the connection broke, and goes on from there with the same hash', async () => {
    const data = await noise();
    expect(data.length).toBeGreaterThan(60_000);
    const url = (await tus.create(alice.headers, data.length, { kind: 'photo', title: 'оборвалось' })).headers.location as string;

    const conn = await connect(port);
    await conn.write(patchHead(alice, url, 0, data.length));
    await conn.write(data.subarray(0, 40_000));
    await new Promise((r) => setTimeout(r, 200));
    conn.socket.destroy();

    // The server kept every byte it received, and hashed exactly those.
    let offset = 0;
    for (let i = 0; i < 100 && offset !== 40_000; i++) {
      offset = await offsetOf(tus, url);
      if (offset !== 40_000) await new Promise((r) => setTimeout(r, 50));
    }
    expect(offset).toBe(40_000);
    const row = await t.db.selectFrom('uploads').selectAll().executeTakeFirstOrThrow();
    expect([row.hash_offset, row.hash_state === null]).toEqual([40_000, false]);

    const rest = await tus.patch(alice.headers, url, offset, data.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(201);
    expect(bodyOf(rest, photoRecordSchema).sha256).toBe(sha256(data));
  });

  it('lets another process take an upload over from a request that hangs, through the lock in the database', async () => {
    const data = await noise();
    const url = (await tus.create(alice.headers, data.length, { kind: 'photo', title: 'зависло' })).headers.location as string;

    // A PATCH in this process that sends some bytes and then nothing (a half-open connection).
    const conn = await connect(port);
    await conn.write(patchHead(alice, url, 0, data.length));
    await conn.write(data.subarray(0, 25_000));
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.db.selectFrom('upload_locks').select('id').execute()).toHaveLength(1);

    // The other process asks for the upload: the holder is told to let go, and the HEAD gets its answer.
    const head = await tusOther.head(alice.headers, url);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('25000');
    expect(await conn.waitClosed(10_000)).toBe(true);

    // …and the other process finishes the upload.
    const rest = await tusOther.patch(alice.headers, url, 25_000, data.subarray(25_000));
    expect(rest.statusCode, rest.body).toBe(201);
    expect(bodyOf(rest, photoRecordSchema).sha256).toBe(sha256(data));
    expect(await t.db.selectFrom('upload_locks').select('id').execute()).toEqual([]);
  }, 30_000);

  it('takes over, within seconds, the lock of a process that died when a resume asks for it', async () => {
    const data = await noise();
    const url = (await tus.create(alice.headers, data.length, { kind: 'photo', title: 'продолжение' })).headers.location as string;
    const id = url.split('/').pop()!;
    // A holder that renewed a moment ago and then died (killed mid-PATCH): its lease still runs 30 s.
    const now = t.clock.now();
    await t.db
      .insertInto('upload_locks')
      .values({
        id,
        holder: 'killed-process',
        expires_at: new Date(now.getTime() + 30_000).toISOString(),
        release_requested: 0,
        renewed_at: now.toISOString(),
      })
      .execute();

    let answered = false;
    const head = tusOther.head(alice.headers, url).finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 500));
    expect(answered).toBe(false); // asked to let go, the holder may still answer for a moment
    t.clock.advance(3_001); // no renewal for three seconds, where a live holder renews every second
    expect((await head).statusCode).toBe(200);
    const rest = await tusOther.patch(alice.headers, url, 0, data);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await t.db.selectFrom('upload_locks').select('id').execute()).toEqual([]);
  });

  it('frees the lock of a process that died once its lease runs out', async () => {
    const data = await noise();
    const url = (await tus.create(alice.headers, data.length, { kind: 'photo', title: 'сирота' })).headers.location as string;
    const id = url.split('/').pop()!;
    // A holder that will never renew nor answer a request to let go: a killed process.
    const leaseEnd = new Date(t.clock.now().getTime() + 30_000).toISOString();
    await t.db.insertInto('upload_locks').values({ id, holder: 'dead-process', expires_at: leaseEnd, release_requested: 0 }).execute();

    let answered = false;
    const head = tus.head(alice.headers, url).finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 500));
    expect(answered).toBe(false);
    expect((await t.db.selectFrom('upload_locks').select('release_requested').executeTakeFirstOrThrow()).release_requested).toBe(1);

    t.clock.advance(30_001);
    expect((await head).statusCode).toBe(200);
    expect(await t.db.selectFrom('upload_locks').select('id').execute()).toEqual([]);
  });
});
