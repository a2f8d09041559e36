import { expect, test } from '@playwright/test';
import { audioDecodes, countAudioDecodes, makeToneMp3, openRow, uploadAudio } from './support/audio';
import { registerAndLoginWithAccess } from './support/auth';
import { copyMediaRow, expectReady, withDatabase } from './support/large-library';
const RECORDS = 2000;

/** The line `npm run bench -- audio-page` reads: the times to the first row, in the page's own clock. */
const FIRST_ROW_LINE = 'audio page with 2,000 records: first row after';
/** How many times the page is opened after a change to the list (and again after each). */
const ROUNDS = 5;

test('2,000 recordings: the first rows show at once, only rows on screen are mounted and draw waveforms, none decoded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { access } = await registerAndLoginWithAccess(page);
  const firstId = await uploadAudio(page.request, access, 'Запись 0', makeToneMp3(3));
  await expectReady(page.request, access, 'audio', firstId);

  // 1,999 more rows like the first (its files, a waveform of their own), one minute apart: the newest,
  // «Запись 1999», comes first in the list, «Запись 0» last.
  copyMediaRow(firstId, RECORDS, (row, n) => {
    const at = new Date(Date.parse(String(row.created_at)) + n * 60_000).toISOString();
    const waveform = JSON.stringify(Array.from({ length: 300 }, (_, i) => Math.round(Math.abs(Math.sin((i + n) / 9)) * 100)));
    return { title: `Запись ${n}`, sha256: null, waveform, created_at: at, updated_at: at };
  });

  // Counts every decode the page asks for: waveforms come from the server's peaks.
  await countAudioDecodes(page);

  // The page's own clock (0 = the start of the navigation) when the first row is on screen, opened right after
  // the list changed (the server builds its bytes anew: the 1,999 inserts, then one row written in each later
  // round, straight into the database as another process would) and opened once more (the bytes kept).
  const openAudio = async () => {
    await page.goto('/audio');
    const at = await page.waitForFunction(
      () => {
        const row = document.querySelector('[role="list"][aria-label="Аудиозаписи"] [role="listitem"] article');
        return row && row.getBoundingClientRect().height > 0 ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 30_000 },
    );
    return Math.round(Number(await at.jsonValue()));
  };
  const built: number[] = [];
  const kept: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0) {
      withDatabase((db) => db.prepare('UPDATE media SET description = ? WHERE id = ?').run(`Изменено ${round}`, firstId));
    }
    built.push(await openAudio());
    kept.push(await openAudio());
  }
  console.log(`${FIRST_ROW_LINE} ${built.join(' ')} ms when built anew, ${kept.join(' ')} ms when kept (target ≤ 500 ms, on localhost)`);
  test.info().annotations.push({ type: 'first row', description: `built anew ${built.join(' ')} ms, kept ${kept.join(' ')} ms` });

  const list = page.getByRole('list', { name: 'Аудиозаписи' });
  await expect(list.getByRole('article', { name: 'Запись 1999', exact: true })).toBeVisible();
  // Virtualised: a screenful of rows (plus a few, and their day headings) is in the page, not 2,000; a row
  // draws its waveform once opened.
  const mounted = await list.getByRole('listitem').count();
  expect(mounted).toBeGreaterThan(0);
  expect(mounted).toBeLessThan(40);
  expect(await list.getByTestId('waveform').count()).toBe(0);
  await openRow(list.getByRole('article', { name: 'Запись 1999', exact: true }));
  await expect(list.getByTestId('waveform').first()).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });

  // The end of the list is reachable, and still only a screenful is mounted there.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return list.getByRole('article', { name: 'Запись 0', exact: true }).count();
    })
    .toBe(1);
  expect(await list.getByRole('listitem').count()).toBeLessThan(40);
  expect(await audioDecodes(page)).toBe(0);
});
