import { describe, expect, it, vi } from 'vitest';
import { isTimeZone, nextMonth, offsetOf, parseTakenAt, recordClock, takenAtOf, wallClockOf, zoneClock } from '@/contract/taken-at';
import { bucketsQuerySchema, listQuerySchema, TIMELINE_MESSAGES } from '@/contract/timeline';

describe('taken_at, the contract’s three forms', () => {
  it('reads the camera’s wall clock with or without its offset, and an instant in UTC', () => {
    expect(parseTakenAt('2024-06-01T14:00:00+03:00')).toEqual({ kind: 'wall', wall: '2024-06-01T14:00:00', offset: '+03:00' });
    expect(parseTakenAt('2024-06-01T14:00:00')).toEqual({ kind: 'wall', wall: '2024-06-01T14:00:00', offset: null });
    expect(parseTakenAt('2024-06-01T11:00:00.000Z')).toEqual({ kind: 'instant', ms: Date.UTC(2024, 5, 1, 11) });
    expect(parseTakenAt('2024-06-01T11:00:00Z')).toEqual({ kind: 'instant', ms: Date.UTC(2024, 5, 1, 11) });
  });

  it('reads nothing from what is not one of them', () => {
    for (const junk of [
      null,
      undefined,
      '',
      'вчера',
      '2024-06-01',
      '2024-06-01 14:00:00',
      '2024-13-01T00:00:00',
      '2024-02-30T10:00:00',
      '2024-06-01T14:00:00+3',
    ]) {
      expect(parseTakenAt(junk)).toBeNull();
    }
  });

  it('builds a wall clock only of a real moment, and an offset only of what says one', () => {
    expect(wallClockOf(2024, 6, 1, 14, 0, 0)).toBe('2024-06-01T14:00:00');
    expect(wallClockOf(2024, 2, 29, 23, 59, 59)).toBe('2024-02-29T23:59:59');
    expect(wallClockOf(2023, 2, 29, 0, 0, 0)).toBeNull();
    expect(wallClockOf(0, 0, 0, 0, 0, 0)).toBeNull();
    expect(wallClockOf(2024, 6, 1, 24, 0, 0)).toBeNull();
    expect(offsetOf('+03:00')).toBe('+03:00');
    expect(offsetOf('+0300')).toBe('+03:00');
    expect(offsetOf('-09:30')).toBe('-09:30');
    expect(offsetOf('+00:00')).toBe('+00:00');
    for (const unknown of ['-00:00', '   :  ', '', null, '+15:00', '+03:75', 'MSK']) expect(offsetOf(unknown)).toBeNull();
    expect(takenAtOf('2024-06-01T14:00:00', '+03:00')).toBe('2024-06-01T14:00:00+03:00');
    expect(takenAtOf('2024-06-01T14:00:00', null)).toBe('2024-06-01T14:00:00');
  });
});

describe('wall clocks in a zone', () => {
  it('moves an instant into the zone, across daylight saving and quarter-hour offsets', () => {
    expect(zoneClock('Europe/Moscow')(Date.UTC(2024, 5, 1, 11))).toBe('2024-06-01T14:00:00');
    expect(zoneClock('Asia/Novosibirsk')(Date.UTC(2024, 5, 1, 11))).toBe('2024-06-01T18:00:00');
    const berlin = zoneClock('Europe/Berlin');
    expect(berlin(Date.UTC(2024, 2, 31, 0, 59, 59))).toBe('2024-03-31T01:59:59');
    expect(berlin(Date.UTC(2024, 2, 31, 1, 0, 0))).toBe('2024-03-31T03:00:00');
    expect(berlin(Date.UTC(2024, 9, 27, 0, 30))).toBe('2024-10-27T02:30:00');
    expect(berlin(Date.UTC(2024, 9, 27, 1, 30))).toBe('2024-10-27T02:30:00');
    expect(zoneClock('Asia/Kathmandu')(Date.UTC(2024, 0, 31, 18, 14, 59))).toBe('2024-01-31T23:59:59');
    expect(zoneClock('Asia/Kathmandu')(Date.UTC(2024, 0, 31, 18, 15))).toBe('2024-02-01T00:00:00');
    expect(zoneClock('UTC')(Date.UTC(2024, 0, 1, 0, 0, 0, 999))).toBe('2024-01-01T00:00:00');
  });

  it('agrees with Intl at every offset change of 2010–2027, in zones that change often or oddly', () => {
    // The clock asks Intl once per week of UTC where a zone keeps its offset; this walks each zone every
    // 25 h 7 min (no offset lasts less) and finds each change to the second, comparing with Intl asked afresh.
    const fromIntl = (timeZone: string) => {
      const format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
      return (ms: number) => {
        const p = Object.fromEntries(format.formatToParts(ms).map((x) => [x.type, x.value]));
        return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
      };
    };
    const offset = (wall: string, ms: number) => Date.parse(`${wall}Z`) - Math.floor(ms / 1000) * 1000;
    let changes = 0;
    for (const zone of ['Europe/Berlin', 'America/Los_Angeles', 'Australia/Lord_Howe', 'Africa/Casablanca', 'Europe/Moscow', 'Asia/Gaza']) {
      const clock = zoneClock(zone);
      const reference = fromIntl(zone);
      const step = (25 * 60 + 7) * 60_000;
      let before = Date.UTC(2010, 0, 1);
      let offsetBefore = offset(reference(before), before);
      for (let at = before + step; at < Date.UTC(2027, 0, 1); before = at, at += step) {
        const wall = reference(at);
        expect(clock(at), `${zone} ${new Date(at).toISOString()}`).toBe(wall);
        const offsetAt = offset(wall, at);
        if (offsetBefore === offsetAt) continue;
        offsetBefore = offsetAt;
        let [lo, hi] = [before, at];
        while (hi - lo > 1000) {
          const mid = Math.floor((lo + hi) / 2000) * 1000;
          if (offset(reference(mid), mid) === offset(reference(lo), lo)) lo = mid;
          else hi = mid;
        }
        for (const t of [lo - 1000, lo, hi, hi + 1000]) expect(clock(t), `${zone} ${new Date(t).toISOString()}`).toBe(reference(t));
        changes += 1;
      }
    }
    expect(changes).toBeGreaterThan(150);
  });

  it('dates a record by the camera’s clock when it has one, else by the instant in the viewer’s zone', () => {
    const moscow = recordClock('Europe/Moscow');
    const novosibirsk = recordClock('Asia/Novosibirsk');
    const created_at = '2024-07-01T21:30:00.000Z';
    for (const clock of [moscow, novosibirsk]) {
      expect(clock({ taken_at: '2024-06-01T14:00:00+03:00', created_at })).toBe('2024-06-01T14:00:00');
      expect(clock({ taken_at: '2024-06-01T14:00:00', created_at })).toBe('2024-06-01T14:00:00');
    }
    expect(moscow({ taken_at: '2024-06-01T11:00:00.000Z', created_at })).toBe('2024-06-01T14:00:00');
    expect(novosibirsk({ taken_at: '2024-06-01T11:00:00.000Z', created_at })).toBe('2024-06-01T18:00:00');
    expect(moscow({ taken_at: null, created_at })).toBe('2024-07-02T00:30:00');
    expect(moscow({ created_at })).toBe('2024-07-02T00:30:00');
    expect(recordClock('UTC')({ taken_at: 'garbage', created_at })).toBe('2024-07-01T21:30:00');
  });

  it('knows IANA zones and months', () => {
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(nextMonth('2024-12')).toBe('2025-01');
    expect(nextMonth('2024-06')).toBe('2024-07');
  });

  it('checks a zone it knows without making a formatter again (a third of a list request’s time when it did)', () => {
    expect(isTimeZone('Asia/Yakutsk')).toBe(true);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let i = 0; i < 10; i++) expect(isTimeZone('Asia/Yakutsk')).toBe(true);
      expect(made).not.toHaveBeenCalled();
      expect(isTimeZone('Mars/Olympus')).toBe(false);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});

describe('the timeline’s query parameters', () => {
  it('takes a month as YYYY-MM and the viewer’s zone, UTC by default, and words a refusal in Russian', () => {
    expect(listQuerySchema.parse({})).toEqual({ month: undefined, tz: 'UTC' });
    expect(listQuerySchema.parse({ month: '', t: '123' })).toEqual({ month: undefined, tz: 'UTC' });
    expect(listQuerySchema.parse({ month: '2024-06', tz: 'Asia/Novosibirsk' })).toEqual({ month: '2024-06', tz: 'Asia/Novosibirsk' });
    const refused = (input: unknown) => listQuerySchema.safeParse(input).error?.issues.map((i) => [i.path[0], i.message]);
    expect(refused({ month: '2024-13' })).toEqual([['month', TIMELINE_MESSAGES.month]]);
    expect(refused({ month: ['2024-06', '2024-07'] })).toEqual([['month', TIMELINE_MESSAGES.month]]);
    expect(refused({ month: '2024-06', tz: 'Europe/Nowhere' })).toEqual([['tz', TIMELINE_MESSAGES.tz]]);
    expect(bucketsQuerySchema.safeParse({ tz: ['UTC', 'UTC'] }).error?.issues[0]?.message).toBe(TIMELINE_MESSAGES.tz);
  });
});
