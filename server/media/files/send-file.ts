import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../../http/errors.ts';
import type { Storage } from '../../storage/storage.ts';

export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range against a file of `size` bytes (RFC 9110 §14):
 * none — no Range header, another unit, or several ranges (we send the whole file);
 * range — inclusive start/end; unsatisfiable — a bytes range that is malformed or outside the file.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { type: 'none' } | { type: 'unsatisfiable' } | ({ type: 'range' } & ByteRange) {
  if (!header) return { type: 'none' };
  const m = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!m) return { type: 'none' };
  const spec = m[1]!.trim();
  if (spec.includes(',')) return { type: 'none' };
  const r = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!r || (r[1] === '' && r[2] === '')) return { type: 'unsatisfiable' };
  if (r[1] === '') {
    const suffix = Number(r[2]);
    if (suffix === 0 || size === 0) return { type: 'unsatisfiable' };
    return { type: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(r[1]);
  const end = r[2] === '' ? size - 1 : Math.min(Number(r[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || (r[2] !== '' && Number(r[2]) < start)) return { type: 'unsatisfiable' };
  return { type: 'range', start, end };
}

/** Stored keys never change content (new uploads get new random keys), so key + size is a strong ETag. */
const etagOf = (key: string, size: number) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}-${size.toString(36)}"`;

/**
 * Streams a stored file with Range (206/416), conditional requests (ETag, If-None-Match, If-Range),
 * nosniff, and no body for HEAD. Cache-Control is left to the caller.
 */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  mime: string,
): Promise<FastifyReply> {
  const st = await storage.stat(key);
  if (!st) throw notFound();
  const size = st.size;
  const etag = etagOf(key, size);
  reply.header('Accept-Ranges', 'bytes');
  reply.header('ETag', etag);
  reply.header('X-Content-Type-Options', 'nosniff');

  const inm = request.headers['if-none-match'];
  if (typeof inm === 'string' && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }

  let range = parseRange(request.headers.range, size);
  const ifRange = request.headers['if-range'];
  if (range.type !== 'none' && typeof ifRange === 'string' && ifRange.trim() !== etag) range = { type: 'none' };

  if (range.type === 'unsatisfiable') {
    throw new ApiError(416, { detail: 'Запрошенный диапазон недоступен.' }, { 'Content-Range': `bytes */${size}` });
  }
  reply.type(mime);
  const head = request.method === 'HEAD';
  if (range.type === 'range') {
    reply.status(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
    return reply.send(head ? undefined : storage.read(key, { start: range.start, end: range.end }));
  }
  reply.header('Content-Length', String(size));
  if (head || size === 0) return reply.send(head ? undefined : '');
  return reply.send(storage.read(key));
}
