import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  groupByDay,
  headingOf,
  todayIn,
  viewerTimeZone,
  wallClockOf,
} from '@/lib/media/media-dates';

const ZONES = ['Europe/Moscow', 'Asia/Novosibirsk'];

describe('a record’s date and time as the lists show them', () => {
  it('shows a photo taken at 14:00 at 14:00 in every zone, with its offset or without', () => {
    for (const timeZone of ZONES) {
      for (const taken_at of ['2024-06-01T14:00:00+03:00', '2024-06-01T14:00:00']) {
        const wall = wallClockOf({ taken_at, created_at: '2024-06-02T09:00:00.000Z' }, timeZone);
        expect(formatTime(wall)).toBe('14:00');
        expect(formatDate(wall)).toBe('1 июня 2024 г.');
        expect(formatDateTime(wall)).toBe('1 июня 2024 г. в 14:00');
      }
    }
  });

  it('shows an instant (an upload’s time, a video’s UTC creation time) in the viewer’s zone', () => {
    const instant = { taken_at: '2024-06-01T11:00:00.000Z', created_at: '2024-06-02T09:00:00.000Z' };
    expect(formatTime(wallClockOf(instant, 'Europe/Moscow'))).toBe('14:00');
    expect(formatTime(wallClockOf(instant, 'Asia/Novosibirsk'))).toBe('18:00');
    const uploaded = { created_at: '2024-06-30T21:30:00.000Z' };
    expect(formatDateTime(wallClockOf(uploaded, 'Europe/Moscow'))).toBe('1 июля 2024 г. в 00:30');
    expect(formatDateTime(wallClockOf(uploaded, 'UTC'))).toBe('30 июня 2024 г. в 21:30');
  });

  it('names months as headings and the scrubber do, and knows the viewer’s zone', () => {
    expect(formatMonth('2026-10')).toBe('Октябрь 2026');
    expect(formatMonth('2024-05')).toBe('Май 2024');
    expect(formatMonth('2023-01')).toBe('Январь 2023');
    expect(viewerTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('day headings', () => {
  // 26 November 2026, 00:30 in Moscow (still the 25th in UTC).
  const now = new Date('2026-11-25T21:30:00.000Z');
  const today = todayIn('Europe/Moscow', now);

  it('takes today in the viewer’s zone', () => {
    expect(today).toEqual({ day: '2026-11-26', yesterday: '2026-11-25' });
    expect(todayIn('UTC', now)).toEqual({ day: '2026-11-25', yesterday: '2026-11-24' });
    expect(todayIn('UTC', new Date('2026-03-01T12:00:00Z')).yesterday).toBe('2026-02-28');
  });

  it('heads the recorder’s list «Сегодня», «Вчера», «12 ноября», then by month, «Октябрь 2026»', () => {
    expect(headingOf('2026-11-26', today, 'recorder')).toBe('Сегодня');
    expect(headingOf('2026-11-25', today, 'recorder')).toBe('Вчера');
    expect(headingOf('2026-11-12', today, 'recorder')).toBe('12 ноября');
    expect(headingOf('2026-10', today, 'recorder')).toBe('Октябрь 2026');
  });

  it('heads the timeline by day with the weekday, and the year when it is not this one', () => {
    expect(headingOf('2026-11-26', today, 'timeline')).toBe('Сегодня');
    expect(headingOf('2026-11-25', today, 'timeline')).toBe('Вчера');
    expect(headingOf('2026-11-12', today, 'timeline')).toBe('Чт, 12 нояб.');
    expect(headingOf('2025-06-02', today, 'timeline')).toBe('Пн, 2 июн. 2025 г.');
  });
});

describe('grouping a list into days', () => {
  const now = new Date('2026-11-26T09:00:00.000Z'); // 12:00 in Moscow
  const rec = (id: number, created_at: string) => ({ id, created_at });

  it('groups the recorder’s list in its order: recent days each, older records by month', () => {
    const list = [
      rec(1, '2026-11-26T08:00:00.000Z'),
      rec(2, '2026-11-25T22:00:00.000Z'), // 01:00 on the 26th in Moscow
      rec(3, '2026-11-25T10:00:00.000Z'),
      rec(4, '2026-11-12T10:00:00.000Z'),
      rec(5, '2026-11-12T09:00:00.000Z'),
      rec(6, '2026-10-31T23:00:00.000Z'), // 1 November in Moscow
      rec(7, '2026-10-20T10:00:00.000Z'),
      rec(8, '2026-10-02T10:00:00.000Z'),
      rec(9, '2025-12-31T10:00:00.000Z'),
    ];
    const groups = groupByDay(list, { style: 'recorder', timeZone: 'Europe/Moscow', now });
    expect(groups.map((g) => [g.heading, g.items.map((r) => r.id)])).toEqual([
      ['Сегодня', [1, 2]],
      ['Вчера', [3]],
      ['12 ноября', [4, 5]],
      ['1 ноября', [6]],
      ['Октябрь 2026', [7, 8]],
      ['Декабрь 2025', [9]],
    ]);
    // Oldest first, the same groups the other way round.
    const oldest = groupByDay([...list].reverse(), { style: 'recorder', timeZone: 'Europe/Moscow', now });
    expect(oldest.map((g) => g.heading)).toEqual(['Декабрь 2025', 'Октябрь 2026', '1 ноября', '12 ноября', 'Вчера', 'Сегодня']);
  });

  it('groups the timeline by the day each photo was taken, whatever the viewer’s zone', () => {
    const photos = [
      { id: 1, taken_at: '2026-11-12T23:30:00+03:00', created_at: '2026-11-20T10:00:00.000Z' },
      { id: 2, taken_at: '2026-11-12T00:10:00', created_at: '2026-11-20T10:00:00.000Z' },
      { id: 3, taken_at: '2026-11-11T23:50:00+10:00', created_at: '2026-11-20T10:00:00.000Z' },
      { id: 4, taken_at: null, created_at: '2025-06-02T10:00:00.000Z' },
    ];
    for (const timeZone of ZONES) {
      const groups = groupByDay(photos, { style: 'timeline', timeZone, now });
      expect(groups.map((g) => [g.key, g.heading, g.items.map((p) => p.id)])).toEqual([
        ['2026-11-12', 'Чт, 12 нояб.', [1, 2]],
        ['2026-11-11', 'Ср, 11 нояб.', [3]],
        ['2025-06-02', 'Пн, 2 июн. 2025 г.', [4]],
      ]);
    }
    expect(groupByDay([], { style: 'timeline', timeZone: 'UTC', now })).toEqual([]);
  });
});
