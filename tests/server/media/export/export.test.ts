import { readdirSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZip, planZip, type ZipEntry } from '../../../../server/media/export/zip.ts';
import { anyInstance } from '../../support/inject-json.ts';
import { createUser, pathOf } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { solidPng, toneBytes } from '../../support/sample-files.ts';
import { acceptedUpload, postMedia } from '../../support/uploads.ts';
import { unzip } from '../../support/unzip.ts';

type User = Awaited<ReturnType<typeof createUser>>;

describe('«Скачать всё»: the export of every original', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let mp3: Buffer;
  let png: Buffer;
  let jpeg: Buffer;
  const ids: Record<string, number> = {};

  const upload = async (user: User, kind: 'audio' | 'photo', data: Buffer, filename: string, fields: Record<string, string>) => {
    const id = await acceptedUpload(t, user, kind, fields, { filename, data });
    await processed(t, user, kind, id); // the export's details and the links need the processed record
    return id;
  };
  const exportLink = async (user: User) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/media/export/', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(Object.keys(res.json())).toEqual(['url']);
    return url;
  };

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    mp3 = await toneBytes('mp3');
    png = await solidPng(40, 30, '#159');
    // With location metadata: the export keeps the original exactly as it was uploaded.
    jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#951' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Kopilka' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1' } })
      .toBuffer();
    ids.audio = await upload(alice, 'audio', mp3, 'zapis.mp3', { title: 'Утро: заметка/1', description: 'Первая запись' });
    ids.photo = await upload(alice, 'photo', png, 'p.png', { title: '' });
    ids.jpeg = await upload(alice, 'photo', jpeg, 'geo.jpg', { title: 'Дача' });
    const old = await solidPng(40, 30, '#915');
    ids.trashed = await upload(alice, 'photo', old, 'old.png', { title: 'Удалённая' });
    await t.app.inject({ method: 'DELETE', url: `/api/media/photo/${ids.trashed}/`, headers: alice.headers });
    await upload(bob, 'photo', png, 'bob.png', { title: 'Чужая' });
  });
  afterAll(() => t.close());

  it('streams a ZIP of every original outside the trash, each beside its details as JSON, byte for byte', async () => {
    const url = await exportLink(alice);
    expect(url).toMatch(new RegExp(`^/api/media/export/${alice.id}/\\?exp=\\d+&g=s\\.[\\w-]+&sig=[\\w-]+$`));
    const res = await t.app.inject({ url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Kopilka-${day}.zip"; filename*=UTF-8''${encodeURIComponent(`Копилка-${day}.zip`)}`,
    );
    expect(res.headers['accept-ranges']).toBe('bytes');

    const files = await unzip(res.rawPayload);
    expect([...files.keys()]).toEqual([
      `Аудио/Утро_ заметка_1 (${ids.audio}).mp3`,
      `Аудио/Утро_ заметка_1 (${ids.audio}).json`,
      `Фото/Фото (${ids.photo}).png`,
      `Фото/Фото (${ids.photo}).json`,
      `Фото/Дача (${ids.jpeg}).jpg`,
      `Фото/Дача (${ids.jpeg}).json`,
    ]);
    expect(files.get(`Аудио/Утро_ заметка_1 (${ids.audio}).mp3`)!.equals(mp3)).toBe(true);
    expect(files.get(`Фото/Фото (${ids.photo}).png`)!.equals(png)).toBe(true);
    expect(files.get(`Фото/Дача (${ids.jpeg}).jpg`)!.equals(jpeg)).toBe(true);
    const details: unknown = JSON.parse(files.get(`Аудио/Утро_ заметка_1 (${ids.audio}).json`)!.toString('utf8'));
    expect(details).toMatchObject({
      kind: 'audio',
      id: ids.audio,
      title: 'Утро: заметка/1',
      description: 'Первая запись',
      created_at: anyInstance(String),
      updated_at: anyInstance(String),
      duration: anyInstance(Number),
      file: `Утро_ заметка_1 (${ids.audio}).mp3`,
      original_name: 'zapis.mp3',
      mime_type: 'audio/mpeg',
      size: mp3.length,
    });
    expect(JSON.parse(files.get(`Фото/Дача (${ids.jpeg}).json`)!.toString('utf8'))).toMatchObject({ kind: 'photo', width: 30, height: 20 });
  });

  it('gives the rest of an interrupted download with Range while the collection is unchanged, else the whole archive', async () => {
    const url = pathOf(await exportLink(alice));
    const whole = await t.app.inject({ url });
    const etag = String(whole.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const size = whole.rawPayload.length;

    for (const [range, start, end] of [
      [`bytes=${size - 100}-`, size - 100, size - 1],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=10-99', 10, 99],
      ['bytes=-22', size - 22, size - 1],
    ] as const) {
      const part = await t.app.inject({ url, headers: { range, 'if-range': etag } });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.rawPayload.equals(whole.rawPayload.subarray(start, end + 1)), range).toBe(true);
    }
    expect((await t.app.inject({ url, headers: { range: `bytes=${size}-` } })).statusCode).toBe(416);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);

    // An edit changes what the archive holds: its ETag, and a resumption from the old one gets the whole new archive.
    await t.app.inject({ method: 'PATCH', url: `/api/media/photo/${ids.photo}/`, headers: alice.headers, payload: { title: 'Новое' } });
    const changed = await t.app.inject({ url, headers: { range: 'bytes=1000-', 'if-range': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect([...(await unzip(changed.rawPayload)).keys()]).toContain(`Фото/Новое (${ids.photo}).png`);
  });

  it('refuses a link that is not signed, signed for someone else, altered or expired', async () => {
    const url = pathOf(await exportLink(alice));
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const exp = new URL(url, 'http://x').searchParams.get('exp')!;
    const g = new URL(url, 'http://x').searchParams.get('g')!;
    const refused = [
      `/api/media/export/${alice.id}/`,
      `/api/media/export/${bob.id}/?exp=${exp}&g=${g}&sig=${sig}`,
      `/api/media/export/${alice.id}/?exp=${Number(exp) + 60}&g=${g}&sig=${sig}`,
      `/api/media/export/${alice.id}/?exp=${exp}&g=${g}&sig=${sig.slice(1)}`,
      `/api/media/export/${alice.id}/?exp=${exp}&sig=${sig}`,
      `/api/media/export/${alice.id}/?exp=${exp}&g=s.another-session&sig=${sig}`,
    ];
    for (const u of refused) {
      const res = await t.app.inject({ url: u });
      expect(res.statusCode, u).toBe(403);
      expect(res.json()).toEqual({ detail: 'Доступ запрещён' });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/media/export/' })).statusCode).toBe(401);
    t.clock.advance(7 * 60 * 60 * 1000);
    expect((await t.app.inject({ url })).statusCode).toBe(403);
  });

  it('makes an empty archive for an empty collection', async () => {
    const carol = await createUser(t, 'carol');
    const res = await t.app.inject({ url: pathOf(await exportLink(carol)) });
    expect(res.statusCode).toBe(200);
    expect((await unzip(res.rawPayload)).size).toBe(0);
  });

  it('cuts the download short, without bringing the server down, when a stored original is missing', async () => {
    const dave = await createUser(t, 'dave');
    const id = await upload(dave, 'photo', png, 'p.png', { title: 'Потерянная' });
    const row = await t.db.selectFrom('media').select('original_key').where('id', '=', id).executeTakeFirstOrThrow();
    await t.storage.delete(row.original_key);
    // The answer's head (with its length) is out before the file turns out missing: the response is broken off.
    await expect(t.app.inject({ url: pathOf(await exportLink(dave)) })).rejects.toThrow(/destroyed before completion/);
    expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
  });
});

describe('an export the client gives up on (local disk, where the open files can be seen)', () => {
  let t: TestApp;
  const exportLink = async (user: User) =>
    (await t.app.inject({ method: 'POST', url: '/api/media/export/', headers: user.headers })).json<{ url: string }>().url;
  const upload = async (user: User, data: Buffer) => {
    return acceptedUpload(t, user, 'photo', { title: 'Большая' }, { filename: 'big.png', data });
  };

  beforeAll(async () => {
    t = await createTestApp({ storageKind: 'local' });
  });
  afterAll(() => t.close());

  it('closes the stored file it was reading when the client goes away mid-download', async () => {
    const erin = await createUser(t, 'erin');
    const big = await sharp({
      create: { width: 3000, height: 2500, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const id = await upload(erin, big);
    const { original_key: key } = await t.db.selectFrom('media').select('original_key').where('id', '=', id).executeTakeFirstOrThrow();
    const file = await t.storage.withLocalFile(key, async (f) => f);
    const openHere = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}${pathOf(await exportLink(erin))}`;
    // Read a little and stop reading: the server waits with the original open (far more of it than the
    // socket buffers hold is still to come). Then hang up.
    const req = http.get(url);
    req.on('error', () => {});
    const res = await new Promise<http.IncomingMessage>((resolve) => req.once('response', resolve));
    await new Promise((resolve) => res.once('data', resolve));
    res.pause();
    await expect.poll(openHere, { timeout: 10_000 }).toBe(1);
    req.destroy();
    await expect.poll(openHere, { timeout: 10_000 }).toBe(0);
  });
});

describe('download links: a file straight to disk under the server’s name', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let wav: Buffer;
  let id: number;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createUser(t, 'alice');
    bob = await createUser(t, 'bob');
    wav = await toneBytes('wav');
    const res = await postMedia(t, alice, 'audio', { title: 'Утро' }, { filename: 'a.wav', data: wav });
    id = res.json<{ id: number }>().id;
    await processed(t, alice, 'audio', id); // the MP3 is made by its job
  });
  afterAll(() => t.close());

  const link = async (user: User, query = '') =>
    t.app.inject({ url: `/api/media/audio/${id}/download-link/${query}`, headers: user.headers });

  it('signs a link whose answer is the MP3 as an attachment named «title.mp3», with ranges', async () => {
    const res = await link(alice);
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/media\/u\/\d+\/audio\/[\w-]+\.mp3\?exp=\d+&dl=%D0%A3%D1%82%D1%80%D0%BE\.mp3&g=s\.[\w-]+&sig=[\w-]+$/);
    const file = await t.app.inject({ url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Utro.mp3"; filename*=UTF-8''%D0%A3%D1%82%D1%80%D0%BE.mp3`);
    const viaApi = await t.app.inject({ url: `/api/media/audio/${id}/download/`, headers: alice.headers });
    expect(file.rawPayload.equals(viaApi.rawPayload)).toBe(true);
    const part = await t.app.inject({ url, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(viaApi.rawPayload.subarray(0, 10))).toBe(true);
  });

  it('gives the original on ?format=original, under its own extension', async () => {
    const { url } = (await link(alice, '?format=original')).json<{ url: string }>();
    const file = await t.app.inject({ url });
    expect(file.rawPayload.equals(wav)).toBe(true);
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''%D0%A3%D1%82%D1%80%D0%BE.wav`);
  });

  it('refuses a link whose name was changed, and links to another owner’s files', async () => {
    const { url } = (await link(alice)).json<{ url: string }>();
    const renamed = url.replace('dl=%D0%A3%D1%82%D1%80%D0%BE.mp3', 'dl=evil.exe');
    expect((await t.app.inject({ url: renamed })).statusCode).toBe(403);
    const withoutName = url.replace(/&dl=[^&]+/, '');
    expect((await t.app.inject({ url: withoutName })).statusCode).toBe(403);
    expect((await link(bob)).statusCode).toBe(404);
    expect((await link(alice, '?format=flac')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/media/audio/${id}/download-link/` })).statusCode).toBe(401);
  });
});

describe('the archive’s announced length', () => {
  it('is exactly what comes out, also once the central directory passes 64 KiB', async () => {
    const entries: ZipEntry[] = [];
    for (let i = 0; i < 1500; i++) {
      const data = Buffer.from(`файл ${i}`);
      entries.push({
        name: `Фото/Снимок номер ${i} (${i}).jpg`,
        mtime: new Date(Date.UTC(2026, 0, 1)),
        size: data.length,
        open: () => Readable.from([data]),
      });
      entries.push({ name: `Фото/Снимок номер ${i} (${i}).json`, mtime: new Date(Date.UTC(2026, 0, 1)), data: Buffer.from(`{"id":${i}}`) });
    }
    const plan = await planZip(entries, 'many');
    const chunks: Buffer[] = [];
    for await (const chunk of await openZip(plan)) chunks.push(chunk as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.length).toBe(plan.size);
    const files = await unzip(zip);
    expect(files.size).toBe(3000);
    expect(files.get('Фото/Снимок номер 1499 (1499).jpg')!.toString()).toBe('файл 1499');
  });
});
