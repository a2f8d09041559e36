import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(body: Buffer): string {
  try {
    return utf8.decode(body);
  } catch {
    throw new ApiError(400, { detail: 'Тело запроса должно быть в кодировке UTF-8.' });
  }
}

/** Strict JSON: valid UTF-8, no prototype pollution keys. Malformed → DRF-shaped 400. */
export function parseJsonBody(_req: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void): void {
  try {
    const text = decode(body);
    if (text.trim() === '') return done(null, {});
    const value: unknown = JSON.parse(text, (key, v: unknown) => (key === '__proto__' || key === 'constructor' ? undefined : v));
    done(null, value);
  } catch (err) {
    done(err instanceof ApiError ? err : new ApiError(400, { detail: 'Некорректный JSON в теле запроса.' }));
  }
}

/** application/x-www-form-urlencoded → a plain object (last value wins). */
export function parseFormBody(_req: FastifyRequest, body: Buffer, done: (err: Error | null, value?: unknown) => void): void {
  try {
    const params = new URLSearchParams(decode(body));
    const out = Object.create(null) as Record<string, string>;
    for (const [k, v] of params) if (k !== '__proto__') out[k] = v;
    done(null, { ...out });
  } catch (err) {
    done(err instanceof ApiError ? err : new ApiError(400, { detail: 'Некорректное тело запроса.' }));
  }
}
