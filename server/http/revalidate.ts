import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/**
 * Conditional GETs for JSON answers: the answer's ETag names its bytes (a hash of the JSON as written), so it moves
 * with every change the answer shows, whoever made it (an edit of mine, a partner's upload, a member added to a
 * shared album, a new URL window) and stands still otherwise; a request whose If-None-Match holds it is answered
 * 304 with no body. The answer is still built each time: what is saved is its bytes on the wire and the client's
 * parse (the media lists keep theirs ready as bytes: media/records/list-reply.ts).
 *
 * Add to a GET route as `{ onSend: revalidate('private') }` (a list: the browser keeps it and asks again with
 * If-None-Match, never a shared cache) or `revalidate('no-store')` (an answer the browser must not keep, such as
 * the profile: the client sends the ETag it remembers itself).
 */
export type Caching = 'private' | 'no-store';

const CACHE_CONTROL: Record<Caching, string> = { private: 'private, no-cache', 'no-store': 'no-store' };

/** ETags of answers up to this size, by their text (the same small answers repeat: the profile). */
const KEPT_MAX = 1_000;
const KEPT_LENGTH = 16 * 1024;
const kept = new Map<string, string>();

/** The strong ETag of a JSON text or bytes: 128 bits of its SHA-256. */
export function etagOf(payload: string | Buffer): string {
  const small = typeof payload === 'string' && payload.length <= KEPT_LENGTH;
  if (small) {
    const known = kept.get(payload);
    if (known !== undefined) return known;
  }
  const tag = `"${hash('sha256', payload, 'base64url').slice(0, 22)}"`;
  if (small) {
    if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
    kept.set(payload, tag);
  }
  return tag;
}

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2; `*` matches any answer). */
export function noneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const hooks = new Map<Caching, onSendHookHandler>();

/** The onSend hook of a revalidated GET: Cache-Control and ETag on its 200s, and 304 when If-None-Match holds it. */
export function revalidate(caching: Caching): onSendHookHandler {
  let hook = hooks.get(caching);
  if (!hook) {
    const cacheControl = CACHE_CONTROL[caching];
    hook = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
      const etag = etagOf(payload);
      reply.header('Cache-Control', cacheControl);
      reply.header('ETag', etag);
      if (!noneMatchHolds(request.headers['if-none-match'], etag)) return done(null, payload);
      reply.code(304);
      reply.removeHeader('content-type');
      done(null, null);
    };
    hooks.set(caching, hook);
  }
  return hook;
}
