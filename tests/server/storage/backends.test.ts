import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../../../server/storage/local.ts';
import { parseMediaStorage, type S3Setting } from '../../../server/media-storage-setting.ts';
import { createS3Client, S3Storage } from '../../../server/storage/s3.ts';
import { StorageLimitError, type Storage } from '../../../server/storage/storage.ts';
import { tempDir } from '../support/media-fixtures.ts';
import { readStored, s3TestEnv, storedFiles, type StorageKind } from '../support/test-storage.ts';

const MB = 1024 * 1024;

/** `n` bytes of a repeating pattern, streamed in 64 KiB chunks (never built whole). */
function pattern(n: number, chunk = 64 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= n) return void this.push(null);
      const size = Math.min(chunk, n - sent);
      const buf = Buffer.alloc(size);
      for (let i = 0; i < size; i++) buf[i] = (sent + i) % 251;
      sent += size;
      this.push(buf);
    },
  });
}
const patternBytes = (start: number, end: number) => Buffer.from(Array.from({ length: end - start + 1 }, (_, i) => (start + i) % 251));

/** A source that sends `n` bytes and then fails, like an upload cut off midway. */
function failingAfter(n: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(n, 7));
      } else this.destroy(new Error('connection reset by peer'));
    },
  });
}

const s3Setting = () => {
  const env = s3TestEnv();
  return parseMediaStorage(env.MEDIA_STORAGE!, env) as S3Setting;
};

/** The Storage contract, the same on local disk and in an S3 bucket (the test S3: s3rver, or S3_TEST_URL). */
describe.each<StorageKind>(['local', 's3'])('storage on %s', (kind) => {
  let dataDir: string;
  let storage: Storage;
  const app = () => ({ storage, dataDir });

  beforeAll(async () => {
    dataDir = await tempDir('kopilka-storage-');
    if (kind === 'local') storage = new LocalStorage(path.join(dataDir, 'media'));
    else {
      const setting = s3Setting();
      storage = new S3Storage({
        client: createS3Client(setting),
        bucket: setting.bucket,
        prefix: setting.prefix,
        workDir: path.join(dataDir, 'work'),
      });
    }
  });
  afterAll(async () => {
    if (kind === 's3') await storage.deletePrefix('');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a stream, reports its size, and reads it back whole, as a range, and by stat', async () => {
    const size = 7 * MB + 123; // more than one upload part
    expect(await storage.put('u/1/audio/a.webm', pattern(size))).toEqual({ size });
    expect(await storage.stat('u/1/audio/a.webm')).toEqual({ size });
    expect((await readStored(storage, 'u/1/audio/a.webm')).equals(patternBytes(0, size - 1))).toBe(true);
    const chunks: Buffer[] = [];
    for await (const c of storage.read('u/1/audio/a.webm', { start: 6 * MB - 5, end: 6 * MB + 4 })) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(patternBytes(6 * MB - 5, 6 * MB + 4))).toBe(true);
    expect(await storage.stat('u/1/audio/missing.webm')).toBeNull();
  });

  it('fails reading a key that is not there, as a missing file', async () => {
    await expect(readStored(storage, 'u/1/audio/nothing.webm')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it.each([
    ['a small upload', 1000, 999],
    ['an upload of several parts', 12 * MB, 11 * MB],
  ])('refuses %s over maxBytes with StorageLimitError and leaves nothing', async (_name, size, maxBytes) => {
    const before = await storedFiles(app());
    await expect(storage.put('u/2/video/big.mp4', pattern(size), { maxBytes })).rejects.toBeInstanceOf(StorageLimitError);
    expect(await storage.stat('u/2/video/big.mp4')).toBeNull();
    expect(await storedFiles(app())).toEqual(before);
  });

  it('passes on the error of a source that fails midway, and leaves nothing', async () => {
    const before = await storedFiles(app());
    await expect(storage.put('u/2/video/cut.mp4', failingAfter(6 * MB))).rejects.toThrow('connection reset by peer');
    expect(await storage.stat('u/2/video/cut.mp4')).toBeNull();
    expect(await storedFiles(app())).toEqual(before);
  });

  it('rejects a source that fails before anything reads it (an output file that was never written), and leaves nothing', async () => {
    const before = await storedFiles(app());
    const source = new PassThrough();
    process.nextTick(() => source.destroy(Object.assign(new Error('no such file'), { code: 'ENOENT' })));
    await expect(storage.put('u/2/video/new-folder/poster.jpg', source)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storedFiles(app())).toEqual(before);
  });

  it('lists keys under a prefix, nested, with their last change', async () => {
    const t0 = Date.now();
    await storage.put('u/3/photo/p.jpg', Readable.from([Buffer.from('p')]));
    await storage.put('u/3/photo/sub/q.webp', Readable.from([Buffer.from('q')]));
    await storage.put('u/30/photo/other.jpg', Readable.from([Buffer.from('o')]));
    const listed = [];
    for await (const item of storage.list('u/3/')) listed.push(item);
    expect(listed.map((i) => i.key).sort()).toEqual(['u/3/photo/p.jpg', 'u/3/photo/sub/q.webp']);
    for (const item of listed) expect(Math.abs(item.modifiedAt.getTime() - t0)).toBeLessThan(5 * 60_000);
    const none = [];
    for await (const item of storage.list('u/404/')) none.push(item);
    expect(none).toEqual([]);
    // Any string is a prefix, not only a folder: a name's beginning too.
    const named = [];
    for await (const item of storage.list('u/3/photo/p')) named.push(item.key);
    expect(named).toEqual(['u/3/photo/p.jpg']);
  });

  it('lists no half-written put: a stored key appears whole or not at all', async () => {
    const source = new PassThrough();
    const writing = storage.put('u/31/video/slow.webm', source);
    source.write(Buffer.alloc(64 * 1024, 1));
    await new Promise((r) => setTimeout(r, 200));
    const during = [];
    for await (const item of storage.list('u/31/')) during.push(item.key);
    expect(during).toEqual([]);
    source.end(Buffer.alloc(10, 2));
    await writing;
    const after = [];
    for await (const item of storage.list('u/31/')) after.push(item.key);
    expect(after).toEqual(['u/31/video/slow.webm']);
  });

  it('deletes one key (a missing one is no error) and everything under a prefix, nothing else', async () => {
    await storage.put('u/4/audio/x.webm', Readable.from([Buffer.from('x')]));
    await storage.put('u/4/avatar/y.webp', Readable.from([Buffer.from('y')]));
    await storage.put('u/40/audio/z.webm', Readable.from([Buffer.from('z')]));
    await storage.delete('u/4/audio/x.webm');
    await storage.delete('u/4/audio/x.webm');
    expect(await storage.stat('u/4/audio/x.webm')).toBeNull();
    await expect(storage.deletePrefix('u/4')).rejects.toThrow('not a folder prefix');
    expect(await storage.stat('u/40/audio/z.webm')).toEqual({ size: 1 });
    await storage.deletePrefix('u/4/');
    expect(await storage.stat('u/4/avatar/y.webp')).toBeNull();
    expect(await storage.stat('u/40/audio/z.webm')).toEqual({ size: 1 });
  });

  it('moves a key: the bytes under the new key, nothing under the old', async () => {
    await storage.put('u/5/audio/a.upload', pattern(300_000));
    await storage.move!('u/5/audio/a.upload', 'u/5/audio/a.ogg');
    expect(await storage.stat('u/5/audio/a.upload')).toBeNull();
    expect((await readStored(storage, 'u/5/audio/a.ogg')).equals(patternBytes(0, 299_999))).toBe(true);
  });

  it('hands tools a local file with the bytes, and keeps no copy of its own afterwards, even when the tool fails', async () => {
    await storage.put('u/6/photo/p.png', pattern(5000));
    const seen = await storage.withLocalFile('u/6/photo/p.png', async (file) => readFileSync(file));
    expect(seen.equals(patternBytes(0, 4999))).toBe(true);
    await expect(
      storage.withLocalFile('u/6/photo/p.png', async () => {
        throw new Error('sharp failed');
      }),
    ).rejects.toThrow('sharp failed');
    expect(existsSync(path.join(dataDir, 'work')) ? readdirSync(path.join(dataDir, 'work')) : []).toEqual([]);
  });

  it('refuses keys that would leave its root', async () => {
    expect(() => storage.read('../outside')).toThrow();
    await expect(storage.put('../x', Readable.from([Buffer.from('x')]))).rejects.toThrow();
  });
});

describe('storage in an S3 bucket', () => {
  let dataDir: string;
  let setting: S3Setting;

  beforeAll(async () => {
    dataDir = await tempDir('kopilka-s3-');
    setting = s3Setting();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const storageWith = (opts: { copyObjectLimit?: number } = {}) =>
    new S3Storage({
      client: createS3Client(setting),
      bucket: setting.bucket,
      prefix: setting.prefix,
      workDir: path.join(dataDir, 'work'),
      ...opts,
    });

  it('keeps every key under its prefix, so two prefixes in one bucket never meet', async () => {
    const a = storageWith();
    const other = parseMediaStorage(s3TestEnv().MEDIA_STORAGE!, s3TestEnv()) as S3Setting;
    const b = new S3Storage({
      client: createS3Client(other),
      bucket: other.bucket,
      prefix: other.prefix,
      workDir: path.join(dataDir, 'work'),
    });
    await a.put('u/1/audio/same.webm', Readable.from([Buffer.from('a')]));
    await b.put('u/1/audio/same.webm', Readable.from([Buffer.from('bb')]));
    expect(await a.stat('u/1/audio/same.webm')).toEqual({ size: 1 });
    await b.deletePrefix('');
    expect(await a.stat('u/1/audio/same.webm')).toEqual({ size: 1 });
    await a.deletePrefix('');
  });

  it('moves an object above the server-side copy limit by streaming it through', async () => {
    const s = storageWith({ copyObjectLimit: 1000 });
    await s.put('u/1/video/v.upload', pattern(6 * MB));
    await s.move('u/1/video/v.upload', 'u/1/video/v.mp4');
    expect(await s.stat('u/1/video/v.upload')).toBeNull();
    expect((await readStored(s, 'u/1/video/v.mp4')).equals(patternBytes(0, 6 * MB - 1))).toBe(true);
    await s.deletePrefix('');
  });

  it('removes local copies a crash left in its work folder once they are stale, and only those', async () => {
    const s = storageWith();
    const work = path.join(dataDir, 'work');
    mkdirSync(work, { recursive: true });
    const old = path.join(work, 'aaaa-old.webm');
    const fresh = path.join(work, 'bbbb-fresh.webm');
    writeFileSync(old, 'x');
    writeFileSync(fresh, 'x');
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(old, hoursAgo, hoursAgo);
    expect(await s.removeStaleTemp(new Date(Date.now() - 60 * 60 * 1000))).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });
});
