import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listAlbumItems, listAlbumItemsPage, listAlbums } from '@/lib/api/albums';
import { listFavorites } from '@/lib/api/favorites';
import { listShares } from '@/lib/api/shares';
import { listTrash } from '@/lib/api/trash';
import { listMedia } from '@/lib/api/media-list';
import { json, stubFetch } from '../../support/api-client';

// The real ky client (hooks and all) over the stubbed fetch.
vi.mock('@/lib/api/client', async () => {
  const { accessOnlyTokens, realApiClient } = await import('../../support/api-client');
  return realApiClient(accessOnlyTokens(() => 'access-1'));
});

let asked: Request[] = [];
beforeEach(() => {
  asked = [];
  stubFetch((request) => {
    asked.push(request);
    return json(200, [{ id: 2 }, { id: 1 }]);
  });
});
afterEach(() => vi.unstubAllGlobals());

/**
 * The lists answer with an ETag and `private, no-cache` (server/media/records/list-reply.ts): the browser keeps a
 * list and asks again with If-None-Match, and a 304 brings back its kept copy — but only for a request it can
 * match, at the same URL, in the default cache mode. (The browser's side: tests/e2e/list-revalidation.spec.ts.)
 */
describe('a kind’s list is asked for so that the browser can revalidate it', () => {
  it('at the same URL every time, with no cache-busting parameter, in the default cache mode', async () => {
    expect(await listMedia('audio')).toEqual([{ id: 2 }, { id: 1 }]);
    await listMedia('audio');
    expect(asked.map((r) => r.url)).toEqual(['http://localhost:3000/api/media/audio/', 'http://localhost:3000/api/media/audio/']);
    for (const request of asked) expect(request.cache).toBe('default');
  });

  it('the favourites too: only their ?favorite=1', async () => {
    await listFavorites('photo');
    await listFavorites('photo');
    expect(asked.map((r) => r.url)).toEqual([
      'http://localhost:3000/api/media/photo/?favorite=1',
      'http://localhost:3000/api/media/photo/?favorite=1',
    ]);
  });
});

/** The other lists answer with their ETag and `private, no-cache` too (server/http/revalidate.ts). */
describe('the albums, an album’s items, the share links and the trash are asked for so that the browser can revalidate them', () => {
  it('at the same URL every time, with no cache-busting parameter and no Cache-Control of their own', async () => {
    for (let i = 0; i < 2; i++) {
      await listAlbums();
      await listAlbumItems(3);
      await listAlbumItemsPage(3, 7);
      await listShares();
      await listTrash();
    }
    const urls = [
      'http://localhost:3000/api/albums/',
      'http://localhost:3000/api/albums/3/items/',
      'http://localhost:3000/api/albums/3/items/?limit=200&after=7',
      'http://localhost:3000/api/shares/',
      'http://localhost:3000/api/media/trash/',
    ];
    expect(asked.map((r) => r.url)).toEqual([...urls, ...urls]);
    for (const request of asked) {
      expect(request.cache).toBe('default');
      expect(request.headers.get('Cache-Control')).toBeNull();
      expect(request.headers.get('Pragma')).toBeNull();
    }
  });
});
