import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRelativePath, deleteMedia, messageFromBody, readUpdatedDetails, updateMedia } from '@/lib/api/media';
import { FallbackError } from '@/lib/media/fallback';

// The real ky client (hooks and all), only with an absolute prefix: Node's Request cannot resolve '/api'.
vi.mock('@/lib/api/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api/client')>();
  const client = real.createApiClient({
    tokens: {
      getAccess: () => localStorage.getItem('token'),
      getRefresh: () => null,
      setTokens: () => undefined,
      clear: () => undefined,
    },
    onAuthFailure: () => undefined,
    isLoginScreen: () => false,
    prefixUrl: 'http://localhost:3000/api',
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  return { ...real, api: client.api, refreshAccessToken: client.refresh };
});

interface Seen {
  method: string;
  url: string;
  contentType: string | null;
  override: string | null;
  body: string;
}

let seen: Seen[] = [];
let answers: Array<(s: Seen) => Response | Promise<Response>> = [];

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  seen = [];
  answers = [];
  localStorage.setItem('token', 'access-1');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(new URL(String(input), 'http://localhost:3000/')), init);
    const s: Seen = {
      method: req.method,
      url: new URL(req.url).pathname,
      contentType: req.headers.get('Content-Type'),
      override: req.headers.get('X-HTTP-Method-Override'),
      body: await req.text(),
    };
    seen.push(s);
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return answer(s);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('updateMedia (PATCH with fallbacks)', () => {
  it('succeeds with form-urlencoded first and reads the answer', async () => {
    answers = [() => json(200, { id: 5, title: 'Новое', description: 'Описание' })];
    await expect(updateMedia('audio', 5, { title: 'Новое', description: 'Описание' })).resolves.toEqual({
      title: 'Новое',
      description: 'Описание',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/api/media/audio/5/' });
    expect(seen[0]!.contentType).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(seen[0]!.body).get('title')).toBe('Новое');
  });

  it('walks the six ways in order while the server refuses the method, and reads title under data', async () => {
    answers = [
      () => json(405, { detail: 'Method not allowed' }),
      () => json(405, { detail: 'Method not allowed' }),
      () => json(501, null),
      () => json(405, null),
      () => json(405, null),
      () => json(200, { data: { title: 'Из data', description: 'Тоже' } }),
    ];
    const result = await updateMedia('audio', 7, { title: 'a', description: 'b' });
    expect(result).toEqual({ title: 'Из data', description: 'Тоже' });
    expect(seen.map((s) => [s.method, s.override])).toEqual([
      ['PATCH', null],
      ['PATCH', null],
      ['POST', 'PATCH'],
      ['POST', null],
      ['PATCH', null],
      ['PATCH', null],
    ]);
    expect(seen[1]!.contentType).toContain('multipart/form-data');
    expect(seen[4]!.contentType).toContain('multipart/form-data');
    expect(seen[2]!.contentType).toContain('application/json');
    expect(JSON.parse(seen[2]!.body)).toEqual({ title: 'a', description: 'b' });
    expect(new URLSearchParams(seen[3]!.body).get('_method')).toBe('PATCH');
    expect(seen[5]!.contentType).toContain('application/x-www-form-urlencoded');
    expect(seen.every((s) => s.url === '/api/media/audio/7/')).toBe(true);
  });

  it('stops at a 400 about the data and reports the reason and the attempts', async () => {
    answers = [() => json(405, null), () => json(400, { title: ['Название обязательно'] })];
    const error = (await updateMedia('audio', 1, { title: 'x', description: '' }).catch((e: unknown) => e)) as FallbackError;
    expect(error).toBeInstanceOf(FallbackError);
    expect(seen).toHaveLength(2);
    expect(error.message).toBe(
      'Ошибка при обновлении записи: Название обязательно (попытки: PATCH form-urlencoded — 405; PATCH multipart — 400)',
    );
  });

  it('lists every attempt when all six fail', async () => {
    answers = Array.from({ length: 6 }, () => () => json(405, null));
    const error = (await updateMedia('audio', 1, { title: 'x', description: '' }).catch((e: unknown) => e)) as FallbackError;
    expect(error.attempts).toHaveLength(6);
    expect(error.message).toMatch(
      /^Ошибка при обновлении записи: попытки: PATCH form-urlencoded — 405; .*fetch PATCH form-urlencoded — 405$/,
    );
  });
});

describe('deleteMedia (DELETE with fallbacks)', () => {
  it('plain DELETE first', async () => {
    answers = [() => new Response(null, { status: 204 })];
    await deleteMedia('audio', 3);
    expect(seen.map((s) => s.method)).toEqual(['DELETE']);
  });

  it('then POST _method=DELETE, then native DELETE', async () => {
    answers = [() => json(405, null), () => json(501, null), () => new Response(null, { status: 204 })];
    await deleteMedia('audio', 3);
    expect(seen.map((s) => s.method)).toEqual(['DELETE', 'POST', 'DELETE']);
    expect(new URLSearchParams(seen[1]!.body).get('_method')).toBe('DELETE');
  });

  it("fails with 'Ошибка при удалении записи: …' and does not retry a 404", async () => {
    answers = [() => json(404, { detail: 'Не найдено.' })];
    const error = (await deleteMedia('audio', 3).catch((e: unknown) => e)) as Error;
    expect(seen).toHaveLength(1);
    expect(error.message).toBe('Ошибка при удалении записи: Не найдено. (попытки: DELETE — 404)');
  });
});

describe('helpers', () => {
  it('reads title/description at the top level, under data, or keeps what was sent', () => {
    const sent = { title: 's', description: 'd' };
    expect(readUpdatedDetails({ title: 'T' }, sent)).toEqual({ title: 'T', description: 'd' });
    expect(readUpdatedDetails({ data: { description: 'D' } }, sent)).toEqual({ title: 's', description: 'D' });
    expect(readUpdatedDetails(null, sent)).toEqual(sent);
  });

  it('picks detail, then the preferred field, then any field', () => {
    expect(messageFromBody({ detail: 'x' }, 'audio_file')).toBe('x');
    expect(messageFromBody({ title: ['t'], audio_file: ['Файл слишком большой'] }, 'audio_file')).toBe('Файл слишком большой');
    expect(messageFromBody({ title: ['t'] })).toBe('t');
    expect(messageFromBody(null)).toBeNull();
  });

  it('turns download_url (relative or rewritten to absolute) into a ky path', () => {
    expect(apiRelativePath('/api/media/audio/4/download/', 'x')).toBe('media/audio/4/download/');
    expect(apiRelativePath('http://localhost:3100/api/media/audio/4/download/?format=mp3', 'x')).toBe('media/audio/4/download/?format=mp3');
    expect(apiRelativePath(undefined, 'media/audio/4/download/')).toBe('media/audio/4/download/');
  });
});
