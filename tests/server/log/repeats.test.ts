import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/db/unavailable.ts';
import { isClientAbort } from '../../../server/http/request-log.ts';
import { unavailableAnswer } from '../../../server/http/errors.ts';
import { logRepeated, logUnavailable, RepeatedLines } from '../../../server/log/repeats.ts';

describe('a line repeated while something is down', () => {
  it('is written once a minute with its error, then with how many were held back', () => {
    let now = 0;
    const repeats = new RepeatedLines(60_000, () => now);
    const written: { fields: Record<string, unknown>; message?: string }[] = [];
    const log = {
      error: (fields: unknown, message?: string) => void written.push({ fields: fields as Record<string, unknown>, message }),
      warn: () => {},
    };
    const err = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    // Three a second for two minutes: a PostgreSQL outage as the review saw it.
    for (let i = 0; i < 400; i++, now += 333) logRepeated(log, 'error', 'database unavailable', err, 'database unavailable', repeats);
    expect(written.map((w) => w.message)).toEqual([
      'database unavailable',
      expect.stringMatching(/^database unavailable \(and 1\d\d more like it in the last minute\)$/),
      expect.stringMatching(/^database unavailable \(and 1\d\d more like it in the last minute\)$/),
    ]);
    expect(written[0]!.fields).toEqual({ err });
    expect(written[1]!.fields.repeated).toBeGreaterThan(170);
  });

  it('for requests that meet the database down: a line each with the cause, the stack once a minute', () => {
    let now = 0;
    const repeats = new RepeatedLines(60_000, () => now);
    const written: { fields: { err: Record<string, unknown> }; message?: string }[] = [];
    const log = { error: (fields: unknown, message?: string) => void written.push({ fields: fields as never, message }), warn: () => {} };
    const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 30; i++, now += 100) logUnavailable(log, 'database', err, repeats);
    expect(written).toHaveLength(30);
    expect(written.every((w) => w.message === 'database unavailable')).toBe(true);
    expect(written[0]!.fields.err).toBe(err);
    expect(written.slice(1).map((w) => w.fields.err)).toEqual(
      Array.from({ length: 29 }, () => ({ message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' })),
    );
    expect(JSON.stringify(written.slice(1))).not.toContain('stack');
  });

  it('keeps other keys apart', () => {
    const repeats = new RepeatedLines(60_000, () => 0);
    expect(repeats.admit('a').write).toBe(true);
    expect(repeats.admit('b').write).toBe(true);
    expect(repeats.admit('a').write).toBe(false);
  });
});

describe('a client that hangs up mid-body', () => {
  /** What Node's HTTP server gives a body stream whose client closed the connection. */
  const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });

  it('is the client’s doing, not the database unavailable', () => {
    expect(isClientAbort(aborted)).toBe(true);
    expect(isDatabaseUnavailable(aborted)).toBe(false);
    expect(unavailableAnswer(aborted)).toBeNull();
  });

  it('while a connection of ours to PostgreSQL reset is the database unavailable', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' });
    expect(isClientAbort(reset)).toBe(false);
    expect(isDatabaseUnavailable(reset)).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(unavailableAnswer(refused)?.what).toBe('database');
  });
});
