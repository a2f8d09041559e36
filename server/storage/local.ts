import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, opendir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { StorageLimitError, type Storage, type StoredKey } from './storage.ts';

/** put()'s temp file next to its destination: `<key>.<12 hex>.part`. */
const PART_RE = /\.[0-9a-f]{12}\.part$/;

/** Media on local disk under `root`. Writes go to a temp file and are renamed into place. */
export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('storage key escapes root');
    return full;
  }

  async put(key: string, source: Readable, opts: { maxBytes?: number } = {}): Promise<{ size: number }> {
    const dest = this.resolve(key);
    await mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${randomBytes(6).toString('hex')}.part`; // matches PART_RE
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (opts.maxBytes !== undefined && size > opts.maxBytes) cb(new StorageLimitError(opts.maxBytes));
        else cb(null, chunk);
      },
    });
    let out: WriteStream | undefined;
    try {
      out = createWriteStream(tmp);
      await pipeline(source, counter, out);
      await rename(tmp, dest);
    } catch (err) {
      // The file is opened asynchronously: wait until the destroyed stream has closed, or the
      // late open would re-create the temp file after we removed it.
      const stream = out;
      if (stream && !stream.closed) await new Promise<void>((resolve) => stream.once('close', () => resolve()));
      await rm(tmp, { force: true });
      throw err;
    }
    return { size };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.resolve(key), range);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.resolve(key));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.resolve(key)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }

  /** A folder (`u/7/`) goes whole; a name prefix (`u/7/audio/AbC.`) takes every file it starts, half-written copies too. */
  async deletePrefix(prefix: string): Promise<void> {
    if (prefix.endsWith('/')) {
      await rm(this.resolve(prefix), { recursive: true, force: true });
      return;
    }
    const full = this.resolve(prefix);
    const dir = path.dirname(full);
    const start = path.basename(full);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const name of names) if (name.startsWith(start)) await rm(path.join(dir, name), { recursive: true, force: true });
  }

  async move(from: string, to: string): Promise<void> {
    const dest = this.resolve(to);
    await mkdir(path.dirname(dest), { recursive: true });
    await rename(this.resolve(from), dest);
  }

  async localPath(key: string): Promise<string> {
    return this.resolve(key);
  }

  /** Keys starting with `prefix`, a folder (`u/7/`) or a name prefix (`u/7/audio/AbC.`), as in a bucket. */
  async *list(prefix: string): AsyncIterable<StoredKey> {
    const folder = prefix === '' || prefix.endsWith('/') ? prefix : prefix.slice(0, prefix.lastIndexOf('/') + 1);
    for await (const file of this.walk(folder)) {
      if (!PART_RE.test(file.key) && file.key.startsWith(prefix)) yield file;
    }
  }

  async removeStaleTemp(olderThan: Date): Promise<number> {
    let removed = 0;
    for await (const file of this.walk('')) {
      if (PART_RE.test(file.key) && file.modifiedAt < olderThan) {
        await rm(this.resolve(file.key), { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** Every regular file under `prefix` (depth first; a missing folder is empty). */
  private async *walk(prefix: string): AsyncIterable<StoredKey> {
    const dir = prefix ? this.resolve(prefix) : path.resolve(this.root);
    let handle;
    try {
      handle = await opendir(dir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw e;
    }
    const root = path.resolve(this.root);
    for await (const entry of handle) {
      const full = path.join(dir, entry.name);
      const key = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) yield* this.walk(key + '/');
      else if (entry.isFile()) {
        const s = await stat(full).catch(() => null);
        if (s) yield { key, modifiedAt: s.mtime };
      }
    }
  }
}
