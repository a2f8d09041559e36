import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import type { Media } from '../../db/types.ts';

const brotli = promisify(brotliCompress);
const deflateRawAsync = promisify(deflateRaw);

/** A gzip member's header (RFC 1952): deflate, no name, no time, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final deflate block: what ends the pieces' blocks, each of which ends on a full flush. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

/** How a list's bytes travel: compressed as the client accepts (br before gzip), or as they are. */
export type ListEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding an Accept-Encoding header allows: gzip first, then br; identity when it names neither, or
 * refuses both with q=0. gzip first because a list's gzip is made of its pieces' kept deflate blocks, so
 * after a change to one record only that record's piece is compressed again, where brotli compresses the
 * whole list again; and brotli saves little on a list (the peaks and the URLs' signatures are most of it,
 * and neither compresses well).
 */
export function negotiateEncoding(header: string | undefined): ListEncoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('gzip')) return 'gzip';
  if (allows('br')) return 'br';
  return 'identity';
}

/**
 * What a build gives: the list's JSON in pieces (joined, the whole answer), and for a list of records each
 * record's JSON with the row it was written from, for the next build of the same list to reuse (list-reply.ts).
 * A piece that comes back unchanged in the next build is not compressed again for gzip.
 */
export interface ListParts {
  /** Each piece's text, or what writes it: an unchanged piece's is not written when the last list has its bytes. */
  pieces: readonly (string | (() => string))[];
  /**
   * Per piece, what names its text from one build to the next (its records' ids), and whether any of its
   * records was written anew: an unchanged piece's blocks are taken from the last list's under the same name.
   */
  names?: readonly { name: string; fresh: boolean }[];
  records?: KeptRecords;
}

/** Records' JSON by id, each with the row it was written from (whose row_version says whether it still holds). */
export type KeptRecords = ReadonlyMap<number, { row: Media; json: string }>;

/** One representation of a list: its bytes and its strong ETag (each encoding is its own representation). */
export interface ListBody {
  bytes: Buffer;
  etag: string;
}

class Entry {
  private readonly encoded = new Map<ListEncoding, Promise<ListBody>>();
  /** Each piece's UTF-8 bytes (a view of `json`) and raw deflate blocks (ending on a full flush, so that they join), by its name. */
  readonly bytes = new Map<string, Buffer>();
  readonly deflated = new Map<string, Promise<Buffer>>();
  private readonly names: readonly string[];
  readonly etags: Set<string>;
  readonly tag: string;
  readonly json: Buffer;
  private readonly crc: number;
  readonly records: KeptRecords | undefined;

  /** A piece that comes back unchanged (same name, no record written anew) takes its bytes and blocks from `previous`. */
  constructor(
    readonly key: string,
    readonly window: number,
    parts: ListParts,
    previous: Entry | undefined,
  ) {
    this.records = parts.records;
    // Unnamed pieces (a list that is one string) are named by their place: nothing carries over.
    this.names = parts.names?.map((piece) => piece.name) ?? parts.pieces.map((_, i) => `#${i}`);
    const buffers = parts.pieces.map((piece, i) => {
      const name = this.names[i]!;
      const unchanged = parts.names && !parts.names[i]!.fresh;
      const kept = unchanged ? previous?.bytes.get(name) : undefined;
      const blocks = kept && previous?.deflated.get(name);
      if (blocks) this.deflated.set(name, blocks);
      return kept ?? Buffer.from(typeof piece === 'string' ? piece : piece());
    });
    this.json = Buffer.concat(buffers);
    // Each piece's bytes kept as a view of the JSON: no second copy, and nothing of the last list held.
    let offset = 0;
    buffers.forEach((piece, i) => {
      this.bytes.set(this.names[i]!, this.json.subarray(offset, (offset += piece.length)));
    });
    this.crc = crc32(this.json);
    this.tag = createHash('sha256').update(this.json).digest('base64url').slice(0, 27);
    this.etags = new Set([`"${this.tag}"`, `"${this.tag}-br"`, `"${this.tag}-gz"`]);
    this.encoded.set('identity', Promise.resolve({ bytes: this.json, etag: `"${this.tag}"` }));
  }

  /**
   * Bytes it holds: the JSON, room for its compressed forms, and for a list of records what is kept for the
   * next build (the pieces' bytes, and each record's row and JSON: 2.8 times the JSON's bytes for 2,000 audio
   * records).
   */
  get size(): number {
    return this.json.length * (this.records ? 4 : 2);
  }

  /**
   * Compressed once per encoding, off the event loop (zlib's thread pool); later callers share the result.
   * The first caller is the owner waiting right after a change, so the levels are fast ones (brotli 2, gzip 4):
   * a few percent more bytes for a third of the time of the next levels up (the list bench's "just changed"
   * figures; the commit that chose them has them). gzip is one member made of the pieces' deflate blocks, so a
   * change to one record compresses again only the piece it is in.
   */
  body(encoding: ListEncoding): Promise<ListBody> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_SIZE_HINT]: this.json.length } }).then(
              (bytes) => ({ bytes, etag: `"${this.tag}-br"` }),
            )
          : this.gzip();
      this.encoded.set(encoding, body);
    }
    return body;
  }

  private async gzip(): Promise<ListBody> {
    const blocks = await Promise.all(this.names.map((name) => this.deflate(name)));
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(this.crc, 0);
    trailer.writeUInt32LE(this.json.length % 2 ** 32, 4);
    return { bytes: Buffer.concat([GZIP_HEADER, ...blocks, FINAL_BLOCK, trailer]), etag: `"${this.tag}-gz"` };
  }

  private deflate(name: string): Promise<Buffer> {
    let blocks = this.deflated.get(name);
    if (!blocks) {
      blocks = deflateRawAsync(this.bytes.get(name)!, { level: 4, finishFlush: zlib.Z_FULL_FLUSH });
      this.deflated.set(name, blocks);
    }
    return blocks;
  }

  /** Whether If-None-Match names this list in any of its encodings (the weak comparison GET revalidation uses). */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    if (ifNoneMatch.trim() === '*') return true;
    return ifNoneMatch.split(',').some((tag) => this.etags.has(tag.trim().replace(/^W\//, '')));
  }
}

export type ListEntry = Pick<Entry, 'body' | 'matches'>;

/**
 * Users' lists kept ready as JSON bytes (and their compressed forms), per user, kind and view (the whole
 * list; a timeline month or the timeline's buckets, each for a viewer's zone), the version of their media
 * (users.media_version, bumped by the database with every write to their rows, so correct across
 * processes) and the expiry window of the signed URLs inside (0 for answers without URLs). An entry is
 * found only under the exact same key, so a write, in this process or another, or a new URL window means
 * a rebuilt list. Bounded by total bytes: the least recently used lists go first.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();
  /** Lists being built, by slot and key: a second request for the same list waits for the same build. */
  private readonly building = new Map<string, Promise<Entry>>();
  private bytes = 0;

  /** `onLookup`: told whether each request was a hit, joined a build in progress (shared) or built its list (the metrics). */
  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly onLookup: (result: 'hit' | 'shared' | 'miss') => void = () => {},
  ) {}

  /**
   * The list under `parts`, kept or built. `build` is given the records the slot's last list kept, when that
   * list was signed in the same URL window (a list of another window has other URLs in every record).
   */
  get(
    parts: { userId: number; kind: string; view?: string; version: number; window: number },
    build: (kept: KeptRecords | undefined) => Promise<string | ListParts>,
  ): Promise<ListEntry> {
    const slot = parts.view ? `${parts.userId}:${parts.kind}:${parts.view}` : `${parts.userId}:${parts.kind}`;
    const key = `${parts.version}:${parts.window}`;
    const hit = this.entries.get(slot);
    if (hit && hit.key === key) {
      // Most recently used goes last.
      this.entries.delete(slot);
      this.entries.set(slot, hit);
      this.onLookup('hit');
      return Promise.resolve(hit);
    }
    const id = `${slot}/${key}`;
    let pending = this.building.get(id);
    this.onLookup(pending ? 'shared' : 'miss');
    if (!pending) {
      const previous = hit?.window === parts.window ? hit : undefined;
      pending = build(previous?.records)
        .then((built) => this.keep(slot, new Entry(key, parts.window, typeof built === 'string' ? { pieces: [built] } : built, previous)))
        .finally(() => this.building.delete(id));
      this.building.set(id, pending);
    }
    return pending;
  }

  private keep(slot: string, entry: Entry): Entry {
    const now = this.entries.get(slot);
    if (now) this.forget(slot, now);
    if (entry.size <= this.maxBytes) {
      this.entries.set(slot, entry);
      this.bytes += entry.size;
      for (const [oldest, old] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.forget(oldest, old);
      }
    }
    return entry;
  }

  private forget(slot: string, entry: Entry): void {
    this.entries.delete(slot);
    this.bytes -= entry.size;
  }
}
