import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { addAlbumItems, albumQueries, createAlbum, removeAlbumItems, updateAlbum } from '@/lib/api/albums';
import { favoriteQueries, listFavorites, setFavorite } from '@/lib/api/favorites';
import { mediaQueries } from '@/lib/api/media-list';
import { createShare, deleteShare, openShare, shareOpenRefusal, shareTokenFromHash } from '@/lib/api/shares';
import { json, stubFetch } from '../../support/api-client';

// The real ky client (hooks and all) over the stubbed fetch.
vi.mock('@/lib/api/client', async () => {
  const { accessOnlyTokens, realApiClient } = await import('../../support/api-client');
  return realApiClient(accessOnlyTokens(() => localStorage.getItem('token')));
});

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  auth: string | null;
  body: unknown;
}

let seen: Seen[] = [];
let answer: () => Response;

beforeEach(() => {
  seen = [];
  answer = () => json(200, {});
  localStorage.setItem('token', 'access-1');
  stubFetch(async (req) => {
    const url = new URL(req.url);
    const text = await req.text();
    seen.push({
      method: req.method,
      path: url.pathname,
      query: url.searchParams,
      auth: req.headers.get('Authorization'),
      body: text ? JSON.parse(text) : null,
    });
    return answer();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('favourites API', () => {
  it('stars an item with one PATCH of is_favorite, and lists a kind’s favourites with ?favorite=1', async () => {
    answer = () => json(200, { id: 7, is_favorite: true });
    expect(await setFavorite('audio', 7, true)).toEqual({ id: 7, is_favorite: true });
    expect(seen[0]).toMatchObject({ method: 'PATCH', path: '/api/media/audio/7/', body: { is_favorite: true } });

    answer = () => json(200, []);
    await listFavorites('photo');
    expect(seen[1]!.path).toBe('/api/media/photo/');
    expect(seen[1]!.query.get('favorite')).toBe('1');
  });

  it('keeps the favourites under the kind’s key, so refreshing the kind refreshes them', () => {
    const kindKey = mediaQueries('video').all();
    expect(favoriteQueries.list('video').queryKey.slice(0, kindKey.length)).toEqual([...kindKey]);
  });
});

describe('albums API', () => {
  it('sends each change as the contract names it', async () => {
    answer = () => json(201, { id: 3 });
    await createAlbum({ title: 'Лето' });
    await updateAlbum(3, { cover: { kind: 'photo', id: 9 } });
    await addAlbumItems(3, [{ kind: 'audio', id: 1 }]);
    await removeAlbumItems(3, [{ kind: 'audio', id: 1 }]);
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/api/albums/', { title: 'Лето' }],
      ['PATCH', '/api/albums/3/', { cover: { kind: 'photo', id: 9 } }],
      ['POST', '/api/albums/3/items/', { items: [{ kind: 'audio', id: 1 }] }],
      ['DELETE', '/api/albums/3/items/', { items: [{ kind: 'audio', id: 1 }] }],
    ]);
  });

  it('keys every album query under one root', () => {
    for (const q of [albumQueries.list(), albumQueries.detail(1), albumQueries.items(1)]) {
      expect(q.queryKey[0]).toBe(albumQueries.all()[0]);
    }
  });
});

describe('share links API', () => {
  it('makes and revokes links as the owner', async () => {
    answer = () => json(201, { id: 5, url: 'http://localhost:3000/s/#abc' });
    await createShare({ target: { kind: 'audio', id: 2 }, expires_in_days: 1, password: 'x', allow_download: true });
    answer = () => new Response(null, { status: 204 });
    await deleteShare(5);
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/api/shares/', { target: { kind: 'audio', id: 2 }, expires_in_days: 1, password: 'x', allow_download: true }],
      ['DELETE', '/api/shares/5/', null],
    ]);
  });

  it('sends the token only in the body of the open request, never in its URL', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUv';
    answer = () => json(200, { kind: 'audio', items: [] });
    await openShare(token);
    await openShare(token, 'пароль');
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/public/shares/open/', body: { token } });
    expect(seen[1]!.body).toEqual({ token, password: 'пароль' });
    for (const s of seen) expect(`${s.path}?${s.query.toString()}`).not.toContain(token);
  });

  it('reads the token from the fragment of /s/#<token>', () => {
    expect(shareTokenFromHash('#AbCdEfGhIjKlMnOpQrStUv')).toBe('AbCdEfGhIjKlMnOpQrStUv');
    expect(shareTokenFromHash('AbCdEfGhIjKlMnOpQrStUv')).toBe('AbCdEfGhIjKlMnOpQrStUv');
    for (const hash of ['', '#', '#short', '#AbCdEfGhIjKlMnOpQrStUv/extra', '#<script>alert(1)</script>']) {
      expect(shareTokenFromHash(hash), hash).toBeNull();
    }
  });

  it('tells why a link did not open: ask for the password, wrong password, invalid, wait', () => {
    const refusal = (status: number, data: unknown) => shareOpenRefusal(new ApiError(status, data));
    expect(refusal(403, { detail: 'Введите пароль', code: 'password_required' })).toBe('password_required');
    expect(refusal(403, { detail: 'Неверный пароль', code: 'wrong_password' })).toBe('wrong_password');
    expect(refusal(404, { detail: 'Ссылка недействительна или срок её действия истёк' })).toBe('invalid');
    expect(refusal(429, { detail: 'Слишком много попыток. Повторите через 60 с.' })).toBe('too_many');
    expect(refusal(500, null)).toBe('other');
    expect(shareOpenRefusal(new Error('x'))).toBe('other');
  });
});
