import { setImmediate } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Media } from '../../db/types.ts';
import { stringifyItems } from '../../http/raw-json.ts';
import type { MediaKindSpec, UrlSigner } from '../kinds.ts';
import { negotiateEncoding, type ListEntry } from './list-cache.ts';

/** Records written to a list's JSON between two turns of the event loop (~5-10 ms of work each). */
const LIST_SLICE = 250;

/**
 * A list of records as the JSON array the API sends, each record through the kind's schema. In slices,
 * letting the event loop go before each: reading 2,000 rows and writing them take 60-150 ms, which would
 * otherwise hold up every other request to this process (the same page's profile among them).
 */
export async function recordsJson(kind: MediaKindSpec, rows: readonly Media[], signer: UrlSigner): Promise<string> {
  const schema = z.array(kind.record);
  const slices: string[] = [];
  for (let i = 0; i < rows.length; i += LIST_SLICE) {
    await setImmediate();
    const items = stringifyItems(schema.encode(rows.slice(i, i + LIST_SLICE).map((row) => kind.toJson(row, signer))));
    if (items) slices.push(items);
  }
  return `[${slices.join(',')}]`;
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
