import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFileName } from '../../../../server/media/files/content-disposition.ts';
import { createUser, pathOf } from '../../support/media-fixtures.ts';
import { processed } from '../../support/processing.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';
import { acceptedUpload } from '../../support/uploads.ts';
import { solidPng } from '../../support/sample-files.ts';
import { unzip } from '../../support/unzip.ts';

/** Control, bidirectional and zero-width characters: what a file name must never carry. */
const INVISIBLE = /[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

describe('file names of downloads and ZIP entries', () => {
  it('lose control and bidirectional characters', () => {
    expect(safeFileName('.\u202e.exe (11).mp3')).toBe('_exe (11).mp3');
    expect(safeFileName('Отчёт\u202egnp.exe')).toBe('Отчётgnp.exe');
    expect(safeFileName('a\u2066b\u2069c\u200f\u061c.txt')).toBe('abc.txt');
    expect(safeFileName('строка\u0085\u009bдва\u0000.mp3')).toBe('строкадва.mp3');
    expect(safeFileName('a\tb\r\nc.mp3')).toBe('a b c.mp3');
    expect(safeFileName('\u200bскрыто\ufeff.jpg')).toBe('скрыто.jpg');
    // Joiners that emoji and scripts need stay.
    expect(safeFileName('👩\u200d💻.png')).toBe('👩\u200d💻.png');
    expect(safeFileName('a/b:c*?.jpg')).toBe('a_b_c_.jpg');
  });

  describe('as the server hands them out', () => {
    let t: TestApp;
    let user: Awaited<ReturnType<typeof createUser>>;
    let id: number;

    beforeAll(async () => {
      t = await createTestApp();
      user = await createUser(t, 'mallory');
      const data = await solidPng(20, 10, '#246');
      id = await acceptedUpload(t, user, 'photo', { title: '.\u202e.exe' }, { filename: 'фото\u202egnp.exe', data });
      await processed(t, user, 'photo', id);
    });
    afterAll(() => t.close());

    it('in a download link, its answer, the ZIP and the kept original name', async () => {
      const link = await t.app.inject({ url: `/api/media/photo/${id}/download-link/?format=original`, headers: user.headers });
      const url = pathOf(link.json<{ url: string }>().url);
      const dl = new URL(url, 'http://x').searchParams.get('dl')!;
      expect(dl).toBe('_exe.png');
      expect(dl).not.toMatch(INVISIBLE);
      const file = await t.app.inject({ url });
      expect(file.statusCode).toBe(200);
      expect(decodeURIComponent(String(file.headers['content-disposition']))).not.toMatch(INVISIBLE);
      const direct = await t.app.inject({ url: `/api/media/photo/${id}/download/?format=original`, headers: user.headers });
      expect(decodeURIComponent(String(direct.headers['content-disposition']))).not.toMatch(INVISIBLE);

      const exportUrl = (await t.app.inject({ method: 'POST', url: '/api/media/export/', headers: user.headers })).json<{ url: string }>()
        .url;
      const zip = await unzip((await t.app.inject({ url: pathOf(exportUrl) })).rawPayload);
      const names = [...zip.keys()];
      expect(names).toEqual([`Фото/_exe (${id}).png`, `Фото/_exe (${id}).json`]);
      const details = JSON.parse(zip.get(`Фото/_exe (${id}).json`)!.toString('utf8')) as { original_name: string };
      expect(details.original_name).toBe('фотоgnp.exe');
    });
  });
});
