import { setImmediate } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Media } from '../../db/types.ts';
import { stringifyWithRawJson } from '../../http/raw-json.ts';
import type { MediaKindSpec, UrlSigner } from '../kinds.ts';
import { negotiateEncoding, type KeptRecords, type ListEntry, type ListParts } from './list-cache.ts';

/** Records written to a list's JSON between two turns of the event loop (a few milliseconds of work when none is kept). */
const LIST_SLICE = 250;

/**
 * Whether a piece of the list ends after record `id`: for about one id in 64, picked by a multiplicative hash,
 * so that pieces end after the same records from one build to the next wherever records are added or removed,
 * and an unchanged piece keeps its compressed blocks (list-cache.ts).
 */
const endsPiece = (id: number) => Math.imul(id, 0x9e3779b1) >>> 26 === 0;

/**
 * How a list that mixes owners' items (records/others.ts) writes each record: the signer of its files, and
 * what the record becomes once the kind's schema has written it.
 */
export interface RecordView {
  signer(row: Media): UrlSigner;
  shape(row: Media, record: Record<string, unknown>, kind: MediaKindSpec): Record<string, unknown>;
}

/**
 * A list of records as the JSON array the API sends, each record through the kind's schema (and `view`, when
 * given), in pieces. A
 * record whose row has the row_version it had when `kept` was built (every update moves it, migration 024; the
 * cache sees to the same URL window) is not written again; nor is a piece of such records, when the last list
 * has its bytes. In slices, letting the event loop go before each: writing a long list anew would otherwise hold
 * up every other request to this process (the same page's profile among them).
 */
export async function recordsJson(
  kind: MediaKindSpec,
  rows: readonly Media[],
  signer: UrlSigner,
  kept?: KeptRecords,
  view?: RecordView,
): Promise<ListParts> {
  const records = new Map<number, { row: Media; json: string }>();
  const pieces: (() => string)[] = [];
  const names: { name: string; fresh: boolean }[] = [];
  let piece: string[] = [];
  let ids: number[] = [];
  let fresh = false;
  const close = () => {
    const prefix = pieces.length === 0 ? '[' : ',';
    const texts = piece;
    pieces.push(() => prefix + texts.join(','));
    names.push({ name: prefix + ids.join(','), fresh });
    piece = [];
    ids = [];
    fresh = false;
  };
  for (const [i, row] of rows.entries()) {
    if (i % LIST_SLICE === 0) await setImmediate();
    const before = kept?.get(row.id);
    let json: string;
    if (before !== undefined && before.row.row_version === row.row_version) json = before.json;
    else {
      const record = kind.record.encode(kind.toJson(row, view ? view.signer(row) : signer));
      json = stringifyWithRawJson(view ? view.shape(row, record as Record<string, unknown>, kind) : record);
      fresh = true;
    }
    records.set(row.id, { row, json });
    piece.push(json);
    ids.push(row.id);
    if (endsPiece(row.id)) close();
  }
  if (piece.length > 0 || pieces.length === 0) close();
  pieces.push(() => ']');
  names.push({ name: ']', fresh: false });
  return { pieces, names, records };
}

/**
 * Sends a list kept ready (list-cache.ts): compressed as the client accepts, revalidated by its ETag (an
 * unchanged list answers 304), never stored by a shared cache.
 */
export async function sendList(request: FastifyRequest, reply: FastifyReply, entry: ListEntry): Promise<FastifyReply> {
  reply.header('Cache-Control', 'private, no-cache');
  reply.header('Vary', 'Accept-Encoding');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const body = await entry.body(encoding);
  reply.header('ETag', body.etag);
  if (entry.matches(request.headers['if-none-match'])) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body.bytes);
}
