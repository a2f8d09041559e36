import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * One file of a generated ZIP: bytes from a stream (a stored original, `size` exact) or a small buffer.
 * Every entry is stored, not deflated: media are compressed already, and only stored entries let the
 * archive's length be known before it is made (Content-Length, ranges).
 */
export type ZipEntry = { name: string; mtime: Date } & ({ size: number; open: () => Readable } | { data: Buffer });

/** A ZIP described by its entries, made as it is read. */
export interface ZipPlan {
  entries: ZipEntry[];
  /** Names what the bytes will be: the same entries (names, sizes, times, content ids) give the same ETag. */
  etag: string;
  size: number;
}

/**
 * The archive's exact length, from yazl itself (its calculatedTotalSize), and a strong ETag over
 * `identity` (what each entry's bytes are: for stored files their keys, which never change content).
 */
export async function planZip(entries: ZipEntry[], identity: unknown): Promise<ZipPlan> {
  // No file is opened: their sizes are all the length needs.
  const zip = build(entries, null);
  const size = await endWithSize(zip);
  (zip.outputStream as Readable).destroy();
  const etag = `"${createHash('sha256').update(JSON.stringify(identity)).digest('base64url').slice(0, 32)}"`;
  return { entries, etag, size };
}

/**
 * The archive's bytes from `start` to `end` (inclusive). yazl writes a ZIP front to back only, so a
 * range that starts past 0 is made from the start again and its first `start` bytes are dropped
 * (the stored files read again, but not sent again): the result is the same bytes as long as the
 * entries are. Resolves once the bytes before `start` are behind, so the answer's head goes out only
 * when its body is ready to follow. At most one stored file is open at a time; whoever stops reading
 * the stream early (a client gone) must destroy it, which closes that file.
 */
export async function openZip(plan: ZipPlan, start = 0, end = plan.size - 1): Promise<Readable> {
  let current: Readable | null = null;
  let failure: Error | null = null;
  const zip = build(plan.entries, (stream) => {
    current = stream;
    // yazl pipes the file without listening for its errors: a file that cannot be read ends the archive.
    stream.once('error', (err) => fail(err));
  });
  const output = zip.outputStream as Readable;
  const fail = (err: Error) => {
    failure ??= err;
    output.destroy(err);
  };
  zip.on('error', (err: Error) => fail(err));
  zip.end(END_OPTIONS);
  const close = () => {
    current?.destroy();
    output.destroy();
  };

  const chunks = output[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let position = 0;
  let first: Buffer | null = null;
  try {
    while (position <= start) {
      const next = await chunks.next();
      if (next.done) throw failure ?? new Error('the archive ended before the range');
      const chunk = next.value;
      if (position + chunk.length > start) {
        first = chunk.subarray(start - position);
        position = start;
        break;
      }
      position += chunk.length;
    }
  } catch (err) {
    close();
    throw err;
  }

  let left = end - start + 1;
  async function* body(): AsyncGenerator<Buffer> {
    try {
      if (first) {
        const part = first.subarray(0, left);
        left -= part.length;
        yield part;
      }
      while (left > 0) {
        const next = await chunks.next();
        // Shorter than announced: broken off, so the client sees a failed download rather than waiting.
        if (next.done) throw failure ?? new Error('the archive came out shorter than its announced length');
        const part = next.value.subarray(0, left);
        left -= part.length;
        yield part;
      }
    } finally {
      close();
    }
  }
  return Readable.from(body(), { objectMode: false });
}

/** The archive of `entries`; `opened` sees each stored file as yazl opens it (null: no file is ever opened). */
function build(entries: ZipEntry[], opened: ((stream: Readable) => void) | null): ZipFile {
  const zip = new ZipFile();
  for (const entry of entries) {
    const options = { mtime: entry.mtime, mode: 0o100644, compress: false };
    if ('data' in entry) {
      zip.addBuffer(entry.data, entry.name, options);
    } else {
      zip.addReadStreamLazy(entry.name, { ...options, size: entry.size }, (cb) => {
        if (!opened) return;
        const stream = entry.open();
        opened(stream);
        cb(null, stream);
      });
    }
  }
  return zip;
}

/**
 * The archive always ends with the ZIP64 end records (76 bytes more; every current unzip reads them):
 * yazl 3.3's length prediction counts them once the central directory passes 64 KiB, its writer only
 * from 4 GiB, so without forcing them an archive of some thousand entries came out 76 bytes shorter
 * than its Content-Length.
 */
const END_OPTIONS = { forceZip64Format: true, comment: '' };

/** yazl's end() with its calculatedTotalSize callback (typed without its argument in @types/yazl). */
function endWithSize(zip: ZipFile): Promise<number> {
  return new Promise((resolve, reject) => {
    const end = zip.end.bind(zip) as (options: object, callback: (size: number) => void) => void;
    end(END_OPTIONS, (size) => (size >= 0 ? resolve(size) : reject(new Error('the archive length cannot be known'))));
  });
}

/** A file of a ZIP streamed as it is made, whose length is not known ahead: opened (and checked) when its turn comes. */
export interface StreamedEntry {
  name: string;
  mtime: Date;
  /** Its bytes; a rejection (the permission ended meanwhile) ends the archive there. */
  open: () => Promise<Readable>;
}

/**
 * A ZIP of `entries` written as it is read, one file open at a time and never whole in memory: for files whose
 * sizes are not stored (a share's served copies), so no Content-Length and no ranges; each entry's size and
 * checksum follow its bytes (a data descriptor). A file that fails to open or read breaks the archive off (the
 * client sees a failed download, not a short archive that looks whole); whoever stops reading early destroys
 * the stream, which closes the file being read.
 */
export function streamZip(entries: readonly StreamedEntry[]): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | null = null;
  const fail = (err: Error) => {
    current?.destroy();
    output.destroy(err);
  };
  zip.on('error', fail);
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime: entry.mtime, mode: 0o100644, compress: false }, (cb) => {
      if (output.destroyed) return;
      entry.open().then(
        (stream) => {
          current = stream;
          // yazl pipes the file without listening for its errors: a file that cannot be read ends the archive.
          stream.once('error', fail);
          cb(null, stream);
        },
        (err: unknown) => fail(err instanceof Error ? err : new Error(String(err))),
      );
    });
  }
  zip.end({ forceZip64Format: true, comment: '' });
  output.once('close', () => current?.destroy());
  return output;
}
