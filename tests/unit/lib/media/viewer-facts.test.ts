import { describe, expect, it } from 'vitest';
import { cameraLines, formatExposure, recordFacts } from '@/lib/media/viewer-facts';

const NBSP = '\u00a0';

describe('the viewer’s «Сведения»', () => {
  it('says when it was taken and in which zone, when it was uploaded, in one date style', () => {
    const facts = recordFacts(
      { taken_at: '2026-11-27T12:00:00+03:00', created_at: '2026-11-28T17:05:00Z', width: 1600, height: 1067 },
      { timeZone: 'Europe/Moscow', size: '51 КБ' },
    );
    expect(facts).toEqual([
      ['Снято', '27 ноября 2026 г. в 12:00'],
      ['Часовой пояс', 'UTC+03:00'],
      ['Загружено', '28 ноября 2026 г. в 20:05'],
      ['Разрешение', `1600${NBSP}×${NBSP}1067`],
      ['Размер', '51 КБ'],
    ]);
  });

  it('names no zone where the camera wrote none, and writes a western one with a minus', () => {
    const local = recordFacts(
      { taken_at: '2024-06-01T14:00:00', created_at: '2024-06-02T10:00:00Z', width: null, height: null },
      { timeZone: 'UTC' },
    );
    expect(local.map(([term]) => term)).toEqual(['Снято', 'Загружено']);
    const west = recordFacts(
      { taken_at: '2024-06-01T14:00:00-05:00', created_at: '2024-06-02T10:00:00Z', width: null, height: null },
      { timeZone: 'UTC' },
    );
    expect(west[1]).toEqual(['Часовой пояс', 'UTC\u221205:00']);
  });

  it('gives the file, the camera, the lens and the exposure as a camera shows them', () => {
    expect(
      cameraLines({
        file_name: 'IMG_2038.JPG',
        camera: 'Apple iPhone 13',
        lens: 'iPhone 13 back camera',
        exposure_time: 0.008,
        f_number: 1.6,
        iso: 100,
        focal_length: 5.1,
      }),
    ).toEqual([
      ['Файл', 'IMG_2038.JPG'],
      ['Камера', 'Apple iPhone 13'],
      ['Объектив', 'iPhone 13 back camera'],
      ['Экспозиция', `ƒ/1,6 · 1/125${NBSP}с · ISO${NBSP}100 · 5,1${NBSP}мм`],
    ]);
    expect(
      cameraLines({ file_name: 'a.png', camera: null, lens: null, exposure_time: null, f_number: null, iso: null, focal_length: null }),
    ).toEqual([['Файл', 'a.png']]);
    expect(formatExposure(2)).toBe(`2${NBSP}с`);
    expect(formatExposure(1.5)).toBe(`1,5${NBSP}с`);
  });
});
