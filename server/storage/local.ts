import { createWriteStream, ReadStream, type WriteStream } from 'node:fs';
import { mkdir, opendir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import type { Storage, StoredKey } from './storage.ts';
import { asStorageError, asStorageFailure, assertFolderPrefix, byteCounter, StorageUnavailable } from './storage.ts';

/** put()'s temp file next to its destination: `<key>.<12 hex>.part`. */
const PART_RE = /\.[0-9a-f]{12}\.part$/;

/**
 * A file's bytes whose errors are the storage's: a disk that fails to read (EIO) raises StorageUnavailable
 * like any other operation here. An error passed to destroy() is the one the stream emits, so the file
 * stream's own destroy is where it is turned.
 */
class StoredFileStream extends (ReadStream as unknown as new (file: string, range?: { start: number; end: number }) => ReadStream) {
  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    super._destroy(err, (e) => callback(e ? asStorageFailure(e) : e));
  }
}

/** Runs a disk operation; an error that says the disk cannot be used now becomes StorageUnavailable. */
async function onDisk<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asStorageFailure(err);
  }
}

/**
 * Makes a folder of the storage (and those above it). Failing, it is the storage's trouble whatever the
 * code: on a read-only disk a recursive mkdir reports ENOENT for the folder it could not make.
 */
async function makeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (err) {
    throw await diskError(err);
  }
}

/**
 * A disk error as the storage raises it: a folder that could not be made is StorageUnavailable with the real
 * reason (also for tus's file store, which makes its own folders), anything else as asStorageError says.
 */
export async function diskError(err: unknown): Promise<unknown> {
  const e = err as NodeJS.ErrnoException;
  if (e?.syscall === 'mkdir' && typeof e.path === 'string' && e.code !== 'EEXIST')
    return new StorageUnavailable(await whyNoFolder(e.path, err));
  return asStorageError(err);
}

/** The real reason a folder cannot be made (EROFS, EACCES, ENOSPC): making its first missing ancestor alone. */
async function whyNoFolder(dir: string, reported: unknown): Promise<unknown> {
  let missing = dir;
  while (path.dirname(missing) !== missing && !(await stat(path.dirname(missing)).catch(() => null))) missing = path.dirname(missing);
  try {
    await mkdir(missing);
    return reported;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EEXIST' ? reported : err;
  }
}

/**
 * Media on local disk under `root`. Writes go to a temp file and are renamed into place. A folder that is
 * read-only, full or failing raises StorageUnavailable from every operation (and from a read stream).
 */
export class LocalStorage implements Storage {
  readonly localFiles = true;

  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('storage key escapes root');
    return full;
  }

  async put(key: string, source: Readable, opts: { maxBytes?: number } = {}): Promise<{ size: number }> {
    // Until the pipeline below listens, an error of the source (a file that fails to open) is held
    // here: unheard, it would be thrown as an uncaught 'error' event and end the process.
    const hold = () => {};
    source.on('error', hold);
    try {
      return await this.write(key, source, opts);
    } catch (err) {
      throw asStorageFailure(err); // the disk's trouble; a cut-off upload's error stays as it is
    } finally {
      source.off('error', hold);
    }
  }

  private async write(key: string, source: Readable, opts: { maxBytes?: number }): Promise<{ size: number }> {
    const dest = this.resolve(key);
    await makeFolder(path.dirname(dest));
    const tmp = `${dest}.${randomBytes(6).toString('hex')}.part`; // matches PART_RE
    const counter = byteCounter(opts.maxBytes);
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
    return { size: counter.bytes() };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return new StoredFileStream(this.resolve(key), range);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.resolve(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw asStorageFailure(err);
    }
  }

  /** The file, and any copy of it a put left half-written (`<key>.<12 hex>.part`: a process killed mid-write). */
  async delete(key: string): Promise<void> {
    return onDisk(() => this.deleteFile(key));
  }

  private async deleteFile(key: string): Promise<void> {
    const file = this.resolve(key);
    await unlink(file).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
    const name = path.basename(file);
    const names = await readdir(path.dirname(file)).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return [];
      throw e;
    });
    for (const other of names) {
      if (other.startsWith(`${name}.`) && PART_RE.test(other) && other.length === name.length + '.0123456789ab.part'.length) {
        await rm(path.join(path.dirname(file), other), { force: true });
      }
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertFolderPrefix(prefix);
    await onDisk(() => rm(this.resolve(prefix), { recursive: true, force: true }));
  }

  async move(from: string, to: string): Promise<void> {
    const dest = this.resolve(to);
    await makeFolder(path.dirname(dest));
    await onDisk(() => rename(this.resolve(from), dest));
  }

  /** The stored file itself: no copy. */
  async withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T> {
    return use(this.resolve(key));
  }

  async *list(prefix: string): AsyncIterable<StoredKey> {
    // The folder the prefix ends in, then the names in it that start with the rest.
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    for await (const file of this.walk(folder)) {
      if (file.key.startsWith(prefix) && !PART_RE.test(file.key)) yield file;
    }
  }

  async removeStaleTemp(olderThan: Date): Promise<number> {
    let removed = 0;
    for await (const file of this.walk('')) {
      if (PART_RE.test(file.key) && file.modifiedAt < olderThan) {
        await onDisk(() => rm(this.resolve(file.key), { force: true }));
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
      throw asStorageFailure(e);
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
