import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { audioRecordSchema } from '../../../../contract/media.ts';
import { buildApp, type BuiltApp } from '../../../../server/app.ts';
import { AuthRepository } from '../../../../server/auth/repository.ts';
import { Sessions } from '../../../../server/auth/sessions.ts';
import { MEDIA_URL_TTL_SECONDS } from '../../../../server/media/files/signing.ts';
import { audioKind } from '../../../../server/media/kinds.ts';
import { MediaRepository } from '../../../../server/media/records/repository.ts';
import { createUser, distinctCopy, ffmpeg, tempDir } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { acceptedUpload } from '../../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/** `count` ready audio rows of `user` written straight into the database, all with the same peaks (returned). */
async function insertAudioRows(t: TestApp, user: User, count: number): Promise<string> {
  const now = new Date().toISOString();
  const peaks = JSON.stringify(Array.from({ length: 300 }, (_, i) => i % 101));
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: user.id,
    kind: 'audio' as const,
    title: `Запись ${i}`,
    description: '',
    status: 'ready' as const,
    original_key: `u/${user.id}/audio/${i}.webm`,
    mime_type: 'audio/webm',
    size: 1,
    original_name: 'x.webm',
    waveform: peaks,
    renditions_size: 0,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await t.db
      .insertInto('media')
      .values(rows.slice(i, i + 500))
      .execute();
  return peaks;
}

/**
 * A user's list is kept ready as bytes: it answers 304 to its ETag while nothing changed, goes out
 * compressed as the client accepts, and any change to the user's media — through this process,
 * another process on the same database, or straight in the database — gives a new list.
 */
describe('the audio list kept ready', () => {
  let t: TestApp;
  let other: BuiltApp;
  let alice: User;
  let mp3: string;

  const list = (user: User, headers: Record<string, string> = {}, app = t.app) =>
    app.inject({ url: '/api/media/audio/', headers: { ...user.headers, ...headers } });
  const upload = async (user: User, title: string) => {
    const id = await acceptedUpload(
      t,
      user,
      'audio',
      { title },
      { filename: 'a.mp3', contentType: 'audio/mpeg', data: await distinctCopy(mp3) },
    );
    await processed(t, user, 'audio', id); // its waveform comes from its job
    return id;
  };
  /** The list now: its ETag must differ from `before` (the old one no longer answers 304), and its titles are returned. */
  const changedSince = async (before: string, app = t.app) => {
    const res = await list(alice, { 'if-none-match': before }, app);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(before);
    return { etag: String(res.headers.etag), titles: res.json<{ title: string }[]>().map((r) => r.title) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp(t.deps, { logger: false });
    await other.app.ready();
    alice = await createUser(t, 'alice');
    const dir = await tempDir();
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame', path.join(dir, 'a.mp3')]);
    mp3 = path.join(dir, 'a.mp3');
  });
  afterAll(async () => {
    await other.app.close();
    await t.close();
  });

  it('answers an unchanged list 304 to its ETag, and sends it as br or gzip when accepted, the same array', async () => {
    await upload(alice, 'Первая');
    await upload(alice, 'Вторая');
    const plain = await list(alice);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const records = z.array(audioRecordSchema).parse(plain.json());
    expect(records.map((r) => r.title)).toEqual(['Вторая', 'Первая']);
    expect(records[0]!.waveform_data.length).toBeGreaterThan(0);
    const etag = plain.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await list(alice, { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // gzip first (after a change only the changed record's piece is compressed again), br when gzip is not taken.
    const gz = await list(alice, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await list(alice, { 'accept-encoding': 'br, gzip;q=0' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect((await list(alice, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect(new Set([etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    expect((await list(alice, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    // A compressed copy's ETag revalidates too.
    expect((await list(alice, { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) })).statusCode).toBe(304);
  });

  it('gives a new list after each kind of change: upload, edit, delete, restore, removal for good, a write in the database', async () => {
    let etag = String((await list(alice)).headers.etag);
    const id = await upload(alice, 'Третья');
    let now = await changedSince(etag);
    expect(now.titles).toContain('Третья');

    etag = now.etag;
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/media/audio/${id}/`, headers: alice.headers, payload: { title: 'Новая' } }))
        .statusCode,
    ).toBe(200);
    now = await changedSince(etag);
    expect(now.titles).toContain('Новая');

    etag = now.etag;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/audio/${id}/`, headers: alice.headers })).statusCode).toBe(204);
    now = await changedSince(etag);
    expect(now.titles).not.toContain('Новая');

    etag = now.etag;
    expect((await t.app.inject({ method: 'POST', url: `/api/media/audio/${id}/restore/`, headers: alice.headers })).statusCode).toBe(200);
    now = await changedSince(etag);
    expect(now.titles).toContain('Новая');

    etag = now.etag;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/audio/${id}/`, headers: alice.headers })).statusCode).toBe(204);
    etag = (await changedSince(etag)).etag;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/trash/audio/${id}/`, headers: alice.headers })).statusCode).toBe(204);
    // Removal for good of a trashed item leaves the list as it was: the same bytes, so the same ETag.
    expect((await list(alice, { 'if-none-match': etag })).statusCode).toBe(304);

    // A background job finishing (or any other writer) changes the row in the database only.
    await t.db.updateTable('media').set({ title: 'Из базы' }).where('user_id', '=', alice.id).where('title', '=', 'Первая').execute();
    now = await changedSince(etag);
    expect(now.titles).toContain('Из базы');
  });

  it('sees a change made through another app process on the same database', async () => {
    const mine = String((await list(alice)).headers.etag);
    const theirs = await list(alice, {}, other.app);
    expect(theirs.headers.etag).toBe(mine);
    const [first] = theirs.json<{ id: number }[]>();
    const edit = await other.app.inject({
      method: 'PATCH',
      url: `/api/media/audio/${first!.id}/`,
      headers: alice.headers,
      payload: { title: 'Из другого процесса' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await changedSince(mine)).titles).toContain('Из другого процесса');
    // And the other way round: an edit here gives the other process a new list too.
    const seen = String((await list(alice, {}, other.app)).headers.etag);
    await t.app.inject({ method: 'PATCH', url: `/api/media/audio/${first!.id}/`, headers: alice.headers, payload: { title: 'Отсюда' } });
    expect((await changedSince(seen, other.app)).titles).toContain('Отсюда');
  });

  it('sends the peaks of rows stored by older versions (0..1, three decimals) as whole numbers 0..100 of the same shape', async () => {
    const old = [0, 0.125, 0.5, 0.873, 1, 0.004];
    const [first] = (await list(alice)).json<{ id: number }[]>();
    await t.db
      .updateTable('media')
      .set({ waveform: JSON.stringify(old) })
      .where('id', '=', first!.id)
      .execute();
    const sent = (await list(alice)).json<{ id: number; waveform_data: number[] }[]>().find((r) => r.id === first!.id)!;
    expect(sent.waveform_data).toEqual([0, 13, 50, 87, 100, 0]);
  });

  it('builds a long list in slices, so that other requests are answered meanwhile, and asked for twice at once builds it once', async () => {
    const bob = await createUser(t, 'bob');
    const peaks = await insertAudioRows(t, bob, 3000);

    // Another user's request arrives while the list is being built: right after its rows are read.
    const records = t.services.media.records;
    const read = records.list.bind(records);
    const done: string[] = [];
    let profile: Promise<Awaited<ReturnType<typeof list>>> | undefined;
    const reads = vi.spyOn(records, 'list').mockImplementation(async (...args) => {
      const rows = await read(...args);
      profile ??= t.app.inject({ url: '/api/auth/profile/', headers: alice.headers }).then((res) => (done.push('profile'), res));
      return rows;
    });
    const both = await Promise.all([list(bob), list(bob)].map((p) => p.then((res) => (done.push('list'), res))));
    const [first, second] = [both[0]!, both[1]!];
    const other = await profile!;
    const builds = reads.mock.calls.length;
    reads.mockRestore();
    expect(other.statusCode).toBe(200);
    expect(done[0]).toBe('profile');
    expect(first.statusCode).toBe(200);
    expect(first.json<unknown[]>()).toHaveLength(3000);
    expect(z.array(audioRecordSchema).parse(first.json())[2999]!.waveform_data).toEqual(JSON.parse(peaks));
    expect(second.body).toBe(first.body);
    expect(builds).toBe(1);
  });

  it('after a change to one record of a long list writes only that record again, and gzips the same array', async () => {
    const carol = await createUser(t, 'carol');
    await insertAudioRows(t, carol, 400);
    expect((await list(carol, { 'accept-encoding': 'gzip' })).statusCode).toBe(200);
    const written = vi.spyOn(audioKind, 'toJson');
    const wholeLists = vi.spyOn(MediaRepository.prototype, 'list');
    const rowsRead = vi.spyOn(MediaRepository.prototype, 'rowsOf');
    await t.db
      .updateTable('media')
      .set({ title: 'Новое название' })
      .where('user_id', '=', carol.id)
      .where('title', '=', 'Запись 123')
      .execute();
    const plain = await list(carol);
    const gz = await list(carol, { 'accept-encoding': 'gzip' });
    const writes = written.mock.calls.length;
    const [lists, reads] = [wholeLists.mock.calls.length, rowsRead.mock.calls.map(([, ids]) => ids.length)];
    vi.restoreAllMocks();
    expect(writes).toBe(1);
    // Only the changed row is read whole (its row version moved); the list's other rows are the kept ones.
    expect(lists).toBe(0);
    expect(reads).toEqual([1]);
    const titles = z
      .array(audioRecordSchema)
      .parse(plain.json())
      .map((r) => r.title);
    expect(titles).toHaveLength(400);
    expect(titles.filter((title) => title === 'Новое название')).toHaveLength(1);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('signs a fresh list when the URLs’ expiry window moves on', async () => {
    // A record of its own: an empty list has no URLs to sign, and this test stands without the ones above.
    await upload(alice, 'Со ссылками');
    const before = await list(alice);
    t.clock.advance(MEDIA_URL_TTL_SECONDS * 1000);
    // The access token has expired meanwhile: a fresh one, as a refresh would give.
    const { access } = (await new Sessions(new AuthRepository(t.db), t.config.secretKey, t.clock).start(alice.id, 0))!;
    alice.headers.authorization = `Bearer ${access}`;
    const after = await changedSince(String(before.headers.etag));
    expect(after.titles).toEqual(before.json<{ title: string }[]>().map((r) => r.title));
  });
});
