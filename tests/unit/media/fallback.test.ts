import { describe, expect, it } from 'vitest';
import {
  describeAttempts,
  FallbackError,
  HttpStatusError,
  isRetriable,
  runStrategies,
  statusOf,
  type Strategy,
} from '@/lib/media/fallback';

const fail = (label: string, error: unknown, log: string[]): Strategy<string> => ({
  label,
  run: async () => {
    log.push(label);
    throw error;
  },
});
const ok = (label: string, value: string, log: string[]): Strategy<string> => ({
  label,
  run: async () => {
    log.push(label);
    return value;
  },
});
/** Looks like ky's HTTPError. */
const kyError = (status: number) =>
  Object.assign(new Error(`Request failed with status code ${status}`), { response: new Response(null, { status }) });

describe('fallback strategy runner', () => {
  it('returns the first success without trying the rest', async () => {
    const log: string[] = [];
    await expect(runStrategies([ok('A', 'a', log), ok('B', 'b', log)])).resolves.toBe('a');
    expect(log).toEqual(['A']);
  });

  it('continues after a network error, 405 and 501', async () => {
    const log: string[] = [];
    const result = await runStrategies([
      fail('A', new TypeError('Failed to fetch'), log),
      fail('B', kyError(405), log),
      fail('C', new HttpStatusError(501), log),
      ok('D', 'd', log),
    ]);
    expect(result).toBe('d');
    expect(log).toEqual(['A', 'B', 'C', 'D']);
  });

  it('stops on a 4xx about the data', async () => {
    for (const status of [400, 403, 404, 409, 422]) {
      const log: string[] = [];
      const error = await runStrategies([fail('A', kyError(405), log), fail('B', kyError(status), log), ok('C', 'c', log)]).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FallbackError);
      expect(log).toEqual(['A', 'B']);
      expect((error as FallbackError).stoppedOnDataError).toBe(true);
      expect((error as FallbackError).attempts).toEqual([
        { label: 'A', status: 405 },
        { label: 'B', status },
      ]);
    }
  });

  it("lists each attempt's method and status when every way fails", async () => {
    const log: string[] = [];
    const error = (await runStrategies(
      [
        fail('PATCH form-urlencoded', kyError(405), log),
        fail('PATCH multipart', new TypeError('x'), log),
        fail('fetch PATCH', new HttpStatusError(501), log),
      ],
      { prefix: 'Ошибка при обновлении записи: ' },
    ).catch((e: unknown) => e)) as FallbackError;
    expect(error.stoppedOnDataError).toBe(false);
    expect(error.message).toBe(
      'Ошибка при обновлении записи: попытки: PATCH form-urlencoded — 405; PATCH multipart — нет ответа; fetch PATCH — 501',
    );
    expect(error.lastError).toBeInstanceOf(HttpStatusError);
  });

  it("puts the server's reason first when it stopped on a data error", async () => {
    const error = (await runStrategies([fail('DELETE', new HttpStatusError(404, { detail: 'Не найдено.' }), [])], {
      prefix: 'Ошибка при удалении записи: ',
      detailOf: (e) => ((e as HttpStatusError).body as { detail: string }).detail,
    }).catch((e: unknown) => e)) as FallbackError;
    expect(error.message).toBe('Ошибка при удалении записи: Не найдено. (попытки: DELETE — 404)');
  });

  it('reads statuses from ky errors, HttpStatusError and nothing', () => {
    expect(statusOf(kyError(405))).toBe(405);
    expect(statusOf(new HttpStatusError(400))).toBe(400);
    expect(statusOf(new TypeError('x'))).toBeNull();
    expect(statusOf(null)).toBeNull();
    expect(isRetriable(new DOMException('stop', 'AbortError'))).toBe(false);
    expect(describeAttempts([{ label: 'X', status: null }])).toBe('X — нет ответа');
  });
});
