import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { deleteMedia, readUpdatedDetails, retryMedia, updateMedia } from '@/lib/api/media';
import { mediaRetryError } from '@/lib/media-errors';
import { json, nextAnswer, stubFetch } from '../../support/api-client';

// The real ky client (hooks and all) over the stubbed fetch.
vi.mock('@/lib/api/client', async () => {
  const { accessOnlyTokens, realApiClient } = await import('../../support/api-client');
  return realApiClient(accessOnlyTokens(() => localStorage.getItem('token')));
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

beforeEach(() => {
  seen = [];
  answers = [];
  localStorage.setItem('token', 'access-1');
  // The fallback chain lists its attempts in the console.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  stubFetch(async (req) => {
    const s: Seen = {
      method: req.method,
      url: new URL(req.url).pathname,
      contentType: req.headers.get('Content-Type'),
      override: req.headers.get('X-HTTP-Method-Override'),
      body: await req.text(),
    };
    seen.push(s);
    return nextAnswer(answers, s);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('updateMedia (one PATCH; the fallbacks only when it cannot get through)', () => {
  it('is one PATCH with a JSON body and reads the answer', async () => {
    answers = [() => json(200, { id: 5, title: 'Новое', description: 'Описание' })];
    await expect(updateMedia('audio', 5, { title: 'Новое', description: 'Описание' })).resolves.toEqual({
      title: 'Новое',
      description: 'Описание',
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/api/media/audio/5/' });
    expect(seen[0]!.contentType).toContain('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual({ title: 'Новое', description: 'Описание' });
  });

  it("walks the spec's six ways in order while the method is refused on the way, and reads the record answered", async () => {
    answers = [
      () => json(405, { detail: 'Method not allowed' }),
      () => json(405, { detail: 'Method not allowed' }),
      () => json(501, null),
      () => json(405, null),
      () => json(405, null),
      () => json(405, null),
      () => json(200, { title: 'Из ответа', description: 'Тоже' }),
    ];
    const result = await updateMedia('audio', 7, { title: 'a', description: 'b' });
    expect(result).toEqual({ title: 'Из ответа', description: 'Тоже' });
    expect(seen.map((s) => [s.method, s.override])).toEqual([
      ['PATCH', null],
      ['PATCH', null],
      ['PATCH', null],
      ['POST', 'PATCH'],
      ['POST', null],
      ['PATCH', null],
      ['PATCH', null],
    ]);
    expect(seen[1]!.contentType).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(seen[1]!.body).get('title')).toBe('a');
    expect(seen[2]!.contentType).toContain('multipart/form-data');
    expect(seen[3]!.contentType).toContain('application/json');
    expect(JSON.parse(seen[3]!.body)).toEqual({ title: 'a', description: 'b' });
    expect(new URLSearchParams(seen[4]!.body).get('_method')).toBe('PATCH');
    expect(seen[5]!.contentType).toContain('multipart/form-data');
    expect(seen[6]!.contentType).toContain('application/x-www-form-urlencoded');
    expect(seen.every((s) => s.url === '/api/media/audio/7/')).toBe(true);
  });

  it("stops at the server's answer about the data, failing with its ApiError", async () => {
    answers = [() => json(405, null), () => json(400, { title: ['Название обязательно'] })];
    const error = (await updateMedia('audio', 1, { title: 'x', description: '' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(2);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Название обязательно');
  });

  it("fails with the last way's error when none gets through", async () => {
    answers = Array.from({ length: 7 }, () => () => json(405, null));
    const error = (await updateMedia('audio', 1, { title: 'x', description: '' }).catch((e: unknown) => e)) as ApiError;
    expect(seen).toHaveLength(7);
    expect(error.status).toBe(405);
  });
});

describe('deleteMedia (one DELETE; the fallbacks only when it cannot get through)', () => {
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

  it('does not retry a 404: the server has answered', async () => {
    answers = [() => json(404, { detail: 'Не найдено.' })];
    const error = (await deleteMedia('audio', 3).catch((e: unknown) => e)) as ApiError;
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.detail).toBe('Не найдено.');
  });
});

describe('retryMedia', () => {
  it('is one POST to the record’s retry/ with no body, and reads the record processing again', async () => {
    answers = [() => json(202, { id: 9, status: 'processing', failure_reason: null })];
    await expect(retryMedia('photo', 9)).resolves.toEqual({ id: 9, status: 'processing', failure_reason: null });
    expect(seen).toEqual([expect.objectContaining({ method: 'POST', url: '/api/media/photo/9/retry/', body: '' })]);
  });

  it('fails with the server’s words, which the snackbar shows', async () => {
    answers = [() => json(409, { detail: 'Повторить можно только обработку, которая не удалась.' })];
    const error = await retryMedia('video', 3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(mediaRetryError(error)).toBe('Не удалось повторить обработку: Повторить можно только обработку, которая не удалась.');
  });
});

describe('helpers', () => {
  it('reads title/description of the record answered, or keeps what was sent', () => {
    const sent = { title: 's', description: 'd' };
    expect(readUpdatedDetails({ title: 'T' }, sent)).toEqual({ title: 'T', description: 'd' });
    // The contract's answer is the record itself: no envelope is looked into.
    expect(readUpdatedDetails({ data: { description: 'D' } }, sent)).toEqual(sent);
    expect(readUpdatedDetails(null, sent)).toEqual(sent);
  });
});
