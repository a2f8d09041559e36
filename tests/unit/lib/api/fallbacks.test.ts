import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { failedToTravel, runWays, type Way } from '@/lib/api/fallbacks';

const fail = (label: string, error: unknown, log: string[]): Way<string> => ({
  label,
  run: async () => {
    log.push(label);
    throw error;
  },
});
const ok = (label: string, value: string, log: string[]): Way<string> => ({
  label,
  run: async () => {
    log.push(label);
    return value;
  },
});

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the fallback chain', () => {
  it('returns the first answer without trying the rest', async () => {
    const log: string[] = [];
    await expect(runWays('PATCH x', [ok('A', 'a', log), ok('B', 'b', log)])).resolves.toBe('a');
    expect(log).toEqual(['A']);
  });

  it('moves on only after a request that did not get through: no answer, 405, 501', async () => {
    const log: string[] = [];
    const result = await runWays('PATCH x', [
      fail('A', ApiError.noAnswer(new TypeError('Failed to fetch')), log),
      fail('B', new ApiError(405), log),
      fail('C', new ApiError(501), log),
      ok('D', 'd', log),
    ]);
    expect(result).toBe('d');
    expect(log).toEqual(['A', 'B', 'C', 'D']);
  });

  it("stops at any answer of the server's about the data and throws that very error", async () => {
    for (const status of [400, 403, 404, 409, 415, 422, 500]) {
      const log: string[] = [];
      const refusal = new ApiError(status, { detail: 'Нет' });
      const error = await runWays('PATCH x', [fail('A', refusal, log), ok('B', 'b', log)]).catch((e: unknown) => e);
      expect(error).toBe(refusal);
      expect(log).toEqual(['A']);
    }
  });

  it('puts the list of attempts in the console, not in the error people see', async () => {
    const last = new ApiError(501);
    const error = (await runWays('PATCH media/audio/1/', [
      fail('PATCH JSON', new ApiError(405), []),
      fail('PATCH multipart', ApiError.noAnswer(), []),
      fail('fetch PATCH', last, []),
    ]).catch((e: unknown) => e)) as ApiError;
    expect(error).toBe(last);
    expect(error.message).not.toContain('попытки');
    expect(warn).toHaveBeenCalledWith(
      'PATCH media/audio/1/ не удалось (попытки: PATCH JSON — 405; PATCH multipart — нет ответа; fetch PATCH — 501)',
    );
  });

  it('an abort or an error of another kind is no reason to try another way', async () => {
    expect(failedToTravel(new DOMException('stop', 'AbortError'))).toBe(false);
    expect(failedToTravel(new SyntaxError('bad JSON'))).toBe(false);
    expect(failedToTravel(ApiError.noAnswer())).toBe(true);
    expect(failedToTravel(new ApiError(405))).toBe(true);
    expect(failedToTravel(new ApiError(400))).toBe(false);
  });
});
