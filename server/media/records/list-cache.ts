import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How a list's bytes travel: compressed as the client accepts (br before gzip), or as they are. */
export type ListEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding an Accept-Encoding header allows, br preferred (smallest), then gzip; identity when it
 * names neither, or refuses both with q=0.
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
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/** One representation of a list: its bytes and its strong ETag (each encoding is its own representation). */
export interface ListBody {
  bytes: Buffer;
  etag: string;
}

class Entry {
  private readonly encoded = new Map<ListEncoding, Promise<ListBody>>();
  readonly etags: Set<string>;
  readonly tag: string;

  constructor(
    readonly key: string,
    readonly json: Buffer,
  ) {
    this.tag = createHash('sha256').update(json).digest('base64url').slice(0, 27);
    this.etags = new Set([`"${this.tag}"`, `"${this.tag}-br"`, `"${this.tag}-gz"`]);
    this.encoded.set('identity', Promise.resolve({ bytes: json, etag: `"${this.tag}"` }));
  }

  /**
   * Compressed once per encoding, off the event loop (zlib's thread pool); later callers share the result.
   * The first caller is the owner waiting right after a change, so the levels are fast ones (brotli 2, gzip 4):
   * a few percent more bytes for a third of the time of the next levels up (the list bench's "just changed"
   * figures; the commit that chose them has them).
   */
  body(encoding: ListEncoding): Promise<ListBody> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_SIZE_HINT]: this.json.length } }).then(
              (bytes) => ({ bytes, etag: `"${this.tag}-br"` }),
            )
          : gzipAsync(this.json, { level: 4 }).then((bytes) => ({ bytes, etag: `"${this.tag}-gz"` }));
      this.encoded.set(encoding, body);
    }
    return body;
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

  get(
    parts: { userId: number; kind: string; view?: string; version: number; window: number },
    build: () => Promise<string>,
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
      pending = build()
        .then((json) => this.keep(slot, new Entry(key, Buffer.from(json))))
        .finally(() => this.building.delete(id));
      this.building.set(id, pending);
    }
    return pending;
  }

  private keep(slot: string, entry: Entry): Entry {
    const now = this.entries.get(slot);
    if (now) this.forget(slot, now);
    if (entry.json.length * 2 <= this.maxBytes) {
      this.entries.set(slot, entry);
      this.bytes += entry.json.length * 2; // the JSON and room for its compressed forms
      for (const [oldest, old] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.forget(oldest, old);
      }
    }
    return entry;
  }

  private forget(slot: string, entry: Entry): void {
    this.entries.delete(slot);
    this.bytes -= entry.json.length * 2;
  }
}
