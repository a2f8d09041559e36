import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { undoTrim, UndoTrimFailed, type UntrimmedFrom } from '@/lib/api/audio';
import { json, stubFetch } from '../../support/api-client';

// The real ky client over a stubbed fetch: the server as a few tables of answers.
vi.mock('@/lib/api/client', async () => {
  const { accessOnlyTokens, realApiClient } = await import('../../support/api-client');
  return realApiClient(accessOnlyTokens(() => 'access-1'));
});

const from: UntrimmedFrom = { id: 7, title: 'Лекция', description: 'вторая часть', created_at: '2026-11-20T10:00:00Z', is_favorite: true };
const copy = (id: number, deletedAt: string, over: Record<string, unknown> = {}) => ({
  kind: 'audio',
  id,
  title: 'Лекция (до обрезки)',
  created_at: from.created_at,
  deleted_at: deletedAt,
  ...over,
});

let seen: string[] = [];
let statuses: string[] = [];
let trash: unknown[] = [];

beforeEach(() => {
  seen = [];
  statuses = ['processing', 'ready'];
  trash = [
    copy(20, '2026-11-28T10:00:00Z'),
    copy(21, '2026-11-28T11:00:00Z'),
    copy(22, '2026-11-28T12:00:00Z', { title: 'Другая (до обрезки)', created_at: '2026-11-01T00:00:00Z' }),
    copy(23, '2026-11-28T13:00:00Z', { title: 'Лекция', kind: 'audio' }),
  ];
  stubFetch(async (req) => {
    const path = new URL(req.url).pathname;
    const body = req.method === 'GET' || req.method === 'DELETE' ? '' : await req.text();
    seen.push(`${req.method} ${path}${body ? ` ${body}` : ''}`);
    if (req.method === 'GET' && path === '/api/media/audio/7/') return json(200, { id: 7, status: statuses.shift() ?? 'ready' });
    if (req.method === 'GET' && path === '/api/media/trash/') return json(200, trash);
    if (req.method === 'DELETE') return new Response(null, { status: 204 });
    return json(200, { id: 21, title: from.title, description: from.description, is_favorite: true });
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('undoTrim (issue 45, item 6: «Отменить» after a trim)', () => {
  it('waits for the cut, brings the newest untrimmed copy back under the old title and star, then trashes the cut one', async () => {
    const waits: number[] = [];
    const restored = await undoTrim(from, async (ms) => void waits.push(ms));
    expect(restored).toBe(21);
    expect(waits).toEqual([1000]);
    expect(seen).toEqual([
      'GET /api/media/audio/7/',
      'GET /api/media/audio/7/',
      'GET /api/media/trash/',
      'POST /api/media/audio/21/restore/',
      'PATCH /api/media/audio/21/ {"title":"Лекция","description":"вторая часть"}',
      'PATCH /api/media/audio/21/ {"is_favorite":true}',
      'DELETE /api/media/audio/7/',
    ]);
  });

  it('refuses, changing nothing, when the trim failed or no untrimmed copy is in the trash', async () => {
    statuses = ['failed'];
    await expect(undoTrim(from, async () => undefined)).rejects.toBeInstanceOf(UndoTrimFailed);
    expect(seen).toEqual(['GET /api/media/audio/7/']);

    seen = [];
    trash = [copy(22, '2026-11-28T12:00:00Z', { created_at: '2026-11-01T00:00:00Z' })];
    await expect(undoTrim(from, async () => undefined)).rejects.toBeInstanceOf(UndoTrimFailed);
    expect(seen.filter((s) => !s.startsWith('GET'))).toEqual([]);
  });
});
