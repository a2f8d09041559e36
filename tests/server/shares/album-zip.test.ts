import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumSchema } from '../../../contract/albums.ts';
import { audioRecordSchema, photoRecordSchema } from '../../../contract/media.ts';
import { sharedViewSchema } from '../../../contract/shares.ts';
import { SHARE_LIMITS } from '../../../server/shares/limits.ts';
import { nextIp } from '../support/auth.ts';
import { bodyOf, matching } from '../support/inject-json.ts';
import { createUser } from '../support/media-fixtures.ts';
import { shareSteps } from '../support/shares.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { unzip } from '../support/unzip.ts';
import { mediaUploads } from '../support/uploads.ts';

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * «Скачать всё» of an album link that allows downloads: one ZIP of the served copy of every item (never an
 * original), streamed as it is made, throttled per address as openings are, and stopped when the link ends.
 */
describe('an album link’s ZIP', () => {
  let t: TestApp;
  let alice: User;
  let uploads: ReturnType<typeof mediaUploads>;
  let s: ReturnType<typeof shareSteps>;

  const album = async (user: User, title: string, items: { kind: 'audio' | 'photo' | 'video'; id: number }[]) => {
    const made = bodyOf(
      await t.app.inject({ method: 'POST', url: '/api/albums/', headers: user.headers, payload: { title } }),
      albumSchema,
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/albums/${made.id}/items/`, headers: user.headers, payload: { items } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return made.id;
  };
  const zipOf = (url: string, ip = nextIp()) => t.app.inject({ url, remoteAddress: ip });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    uploads = mediaUploads(t);
    s = shareSteps(t);
  }, 60_000);
  afterAll(() => t.close());

  it('holds each item’s served copy under its title, never the original, and only when the link allows downloads', async () => {
    const photo = matching(photoRecordSchema, await uploads.photo(alice, 'Море'));
    const song = matching(audioRecordSchema, await uploads.audio(alice, 'Песня'));
    const twin = matching(photoRecordSchema, await uploads.photo(alice, 'Море'));
    const id = await album(alice, 'Карелия, июль', [
      { kind: 'photo', id: photo.id },
      { kind: 'audio', id: song.id },
      { kind: 'photo', id: twin.id },
    ]);

    const closed = await s.make(alice, { album: id });
    expect((await s.view(closed.token)).download_all_url).toBeNull();

    const share = await s.make(alice, { album: id }, { allow_download: true });
    const view = bodyOf(await s.open(share.token), sharedViewSchema);
    expect(view.download_all_url).toMatch(/^\/media\/shared-album\/[\w-]{22}\/\?exp=\d+&sig=[\w-]+$/);
    const res = await zipOf(view.download_all_url!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('Карелия, июль.zip'));
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual(['Море.jpg', 'Песня.mp3', 'Море (2).jpg']);

    // The very bytes each item's own download gives (the served copy), not the uploaded original.
    const byTitle = new Map(view.items.map((item) => [item.title, item]));
    const served = await t.app.inject({ url: byTitle.get('Песня')!.download_url! });
    expect(files.get('Песня.mp3')!.equals(served.rawPayload)).toBe(true);
    const photoBytes = files.get('Море.jpg')!;
    const original = await t.app.inject({ url: `/api/media/photo/${photo.id}/download/?format=original`, headers: alice.headers });
    expect(photoBytes.equals(original.rawPayload)).toBe(false);
    expect((await sharp(photoBytes).metadata()).exif).toBeUndefined();
  });

  it('refuses a URL it did not sign (403), and answers 404 once the link is revoked or paused', async () => {
    const photo = matching(photoRecordSchema, await uploads.photo(alice, 'Дача'));
    const id = await album(alice, 'Дача', [{ kind: 'photo', id: photo.id }]);
    const share = await s.make(alice, { album: id }, { allow_download: true });
    const url = (await s.view(share.token)).download_all_url!;
    expect((await zipOf(url)).statusCode).toBe(200);

    const ref = /shared-album\/([\w-]{22})\//.exec(url)![1]!;
    const otherRef = `${ref.startsWith('A') ? 'B' : 'A'}${ref.slice(1)}`;
    for (const forged of [
      url.replace(/sig=[\w-]+/, 'sig=x'),
      url.replace(ref, otherRef),
      url.replace(/&sig=[\w-]+/, ''),
      `/media/shared-album/${ref}/`,
    ]) {
      const res = await zipOf(forged);
      expect(res.statusCode, forged).toBe(403);
      expect(res.json()).toEqual({ detail: 'Доступ запрещён' });
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}/`, headers: alice.headers })).statusCode).toBe(204);
    expect((await zipOf(url)).statusCode).toBe(404);
  });

  it('is throttled per address as openings are', async () => {
    const photo = matching(photoRecordSchema, await uploads.photo(alice, 'Часто'));
    const id = await album(alice, 'Часто', [{ kind: 'photo', id: photo.id }]);
    const share = await s.make(alice, { album: id }, { allow_download: true });
    const url = (await s.view(share.token)).download_all_url!;
    const ip = nextIp();
    for (let i = 0; i < SHARE_LIMITS.opensPerIp.limit; i++) expect((await zipOf(url, ip)).statusCode).toBe(200);
    const refused = await zipOf(url, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await zipOf(url)).statusCode).toBe(200);
  });

  it('streams as it is made, and a link revoked during the download stops it before the next file', async () => {
    // A recording whose served copy is 24 MB (a row over a stored file: no encoding), then a photo.
    const now = t.clock.now().toISOString();
    const bigKey = `u/${alice.id}/audio/big-play.mp3`;
    await t.storage.put(bigKey, Readable.from([randomBytes(24 * 1024 * 1024)]));
    const [big] = await t.db
      .insertInto('media')
      .values({
        user_id: alice.id,
        kind: 'audio',
        title: 'Длинная',
        description: '',
        status: 'ready',
        original_key: `u/${alice.id}/audio/big.wav`,
        mime_type: 'audio/wav',
        size: 1,
        original_name: 'big.wav',
        playable_key: bigKey,
        playable_mime: 'audio/mpeg',
        waveform: '[]',
        duration: 600,
        renditions_size: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .execute();
    const photo = matching(photoRecordSchema, await uploads.photo(alice, 'После'));
    const id = await album(alice, 'Длинный', [
      { kind: 'audio', id: big!.id },
      { kind: 'photo', id: photo.id },
    ]);
    const share = await s.make(alice, { album: id }, { allow_download: true });
    const url = (await s.view(share.token)).download_all_url!;

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const received: Buffer[] = [];
    let total = 0;
    const ended = await new Promise<'complete' | 'broken'>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: url }, (res) => {
        expect(res.statusCode).toBe(200);
        // No length: the archive is written as it is read.
        expect(res.headers['content-length']).toBeUndefined();
        res.once('data', (first: Buffer) => {
          received.push(first);
          total += first.length;
          // The first bytes are here long before the 24 MB file has been read: revoke now, then read on.
          res.pause();
          void t.app.inject({ method: 'DELETE', url: `/api/shares/${share.id}/`, headers: alice.headers }).then((del) => {
            expect(del.statusCode).toBe(204);
            res.on('data', (chunk: Buffer) => {
              received.push(chunk);
              total += chunk.length;
            });
            res.resume();
          });
        });
        res.on('end', () => resolve(res.complete ? 'complete' : 'broken'));
        res.on('error', () => resolve('broken'));
        res.on('aborted', () => resolve('broken'));
      });
      req.on('error', () => resolve('broken'));
    });
    expect(ended).toBe('broken');
    const bytes = Buffer.concat(received);
    // The first file went out; of the second, at most its header (written as its turn came), never its bytes.
    expect(bytes.includes(Buffer.from('Длинная.mp3'))).toBe(true);
    const second = await t.app.inject({ url: `/api/media/photo/${photo.id}/download/`, headers: alice.headers });
    expect(second.statusCode).toBe(200);
    expect(bytes.includes(second.rawPayload)).toBe(false);
    expect(total).toBeLessThan(24 * 1024 * 1024 + 64 * 1024);
    await expect(unzip(bytes)).rejects.toThrow();
  });
});
