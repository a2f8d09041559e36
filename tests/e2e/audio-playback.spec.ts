import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { makeToneMp3, openRow, recordFor, rowAction, saveAs, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';
import { choose, listbox } from './support/listbox';

const item = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
/** The <audio> element a recording's waveform plays (inside wavesurfer's open shadow root). */
const mediaOf = (card: Locator) => card.getByTestId('waveform').locator('audio');
const timeOf = (card: Locator) => mediaOf(card).evaluate((a: HTMLAudioElement) => a.currentTime);
const pausedOf = (card: Locator) => mediaOf(card).evaluate((a: HTMLAudioElement) => a.paused);
const expectTime = (card: Locator, seconds: number) => expect.poll(() => timeOf(card)).toBeCloseTo(seconds, 1);

/** The remembered positions of record `id` in localStorage (any user's key for that record). */
const rememberedOf = (page: Page, id: number) =>
  page.evaluate(
    (recordId) =>
      Object.keys(localStorage)
        .filter((k) => new RegExp(`^kopilka\\.playbackPosition\\.\\d+\\.audio\\.${recordId}$`).test(k))
        .map((k) => Number(localStorage.getItem(k))),
    id,
  );

async function waitReady(card: Locator) {
  await openRow(card);
  await expect(card.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect.poll(() => mediaOf(card).evaluate((a: HTMLAudioElement) => a.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
}

test('speed keeps the pitch, ±15 s and ← → move the time, Space plays the focused recording, and only one plays', async ({ page }) => {
  test.setTimeout(150_000);
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  await uploadAudio(page.request, access, 'Лекция', makeToneMp3(150));
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  await recordFor(page, 2);
  await saveAs(page, 'Заметка');

  const lecture = item(page, 'Лекция');
  const note = item(page, 'Заметка');
  await waitReady(lecture);
  await waitReady(note);
  await expect(lecture.getByLabel('Время воспроизведения')).toHaveText('00:00 / 02:30');

  // Speed: each choice sets the element's rate, with the pitch kept.
  const speed = listbox(lecture, 'Скорость воспроизведения');
  await expect(speed).toContainText('1×');
  expect(await mediaOf(lecture).evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1);
  for (const [label, rate] of [
    ['1,5×', 1.5],
    ['2×', 2],
    ['0,75×', 0.75],
    ['1,25×', 1.25],
  ] as const) {
    await choose(lecture, 'Скорость воспроизведения', label);
    await expect.poll(() => mediaOf(lecture).evaluate((a: HTMLAudioElement) => [a.playbackRate, a.preservesPitch])).toEqual([rate, true]);
  }
  // The other recording keeps its own speed.
  expect(await mediaOf(note).evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1);

  // ±15 s buttons.
  const back = lecture.getByRole('button', { name: 'Назад на 15 секунд' });
  const forward = lecture.getByRole('button', { name: 'Вперёд на 15 секунд' });
  await forward.click();
  await expectTime(lecture, 15);
  await forward.click();
  await expectTime(lecture, 30);
  await back.click();
  await expectTime(lecture, 15);
  await expect(lecture.getByLabel('Время воспроизведения')).toHaveText('00:15 / 02:30');

  // ← → on the focused player: 5 s.
  const player = lecture.getByRole('group', { name: 'Плеер: Лекция' });
  await player.focus();
  await page.keyboard.press('ArrowRight');
  await expectTime(lecture, 20);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectTime(lecture, 10);
  // A focused button or menu keeps its own arrows (the handler runs on keydown, so a steal would show at once).
  await forward.focus();
  await page.keyboard.press('ArrowRight');
  expect(await timeOf(lecture)).toBeCloseTo(10, 1);
  await speed.focus();
  await page.keyboard.press('ArrowLeft');
  expect(await timeOf(lecture)).toBeCloseTo(10, 1);
  await choose(lecture, 'Скорость воспроизведения', '1×');

  // Space on the focused player plays, and again pauses.
  await player.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => pausedOf(lecture)).toBe(false);
  await expect(lecture.getByRole('button', { name: 'Пауза: Лекция' })).toBeVisible();
  await expect.poll(() => timeOf(lecture)).toBeGreaterThan(10.2);
  await page.keyboard.press('Space');
  await expect.poll(() => pausedOf(lecture)).toBe(true);
  await expect(lecture.getByRole('button', { name: 'Воспроизвести: Лекция' })).toBeVisible();
  // Space on the focused play button presses that button once (not the button and the player both).
  await lecture.getByRole('button', { name: 'Воспроизвести: Лекция' }).focus();
  await page.keyboard.press('Space');
  await expect(lecture.getByRole('button', { name: 'Пауза: Лекция' })).toBeVisible();
  await expect.poll(() => pausedOf(lecture)).toBe(false);

  // Starting the other recording pauses this one (it stops where it was, it has not ended).
  await note.getByRole('button', { name: 'Воспроизвести: Заметка' }).click();
  await expect.poll(() => pausedOf(lecture)).toBe(true);
  expect(await mediaOf(lecture).evaluate((a: HTMLAudioElement) => a.ended)).toBe(false);
  await expect(lecture.getByRole('button', { name: 'Воспроизвести: Лекция' })).toBeVisible();
  // …and Space on this one pauses the other again.
  await player.focus();
  await page.keyboard.press('Space');
  await expect.poll(() => pausedOf(lecture)).toBe(false);
  await expect.poll(() => pausedOf(note)).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(() => pausedOf(lecture)).toBe(true);

  // A space typed into the search field stays there: no recording starts.
  const search = page.getByLabel('Поиск');
  await search.focus();
  await page.keyboard.press('Space');
  await expect(search).toHaveValue(' ');
  expect(await pausedOf(lecture)).toBe(true);
  await search.fill('');

  // Tab goes from the sort order over «Все» and «Избранное» to the newest recording's row: its title, its check
  // mark (for selection, at the row's end by its other buttons), its star, its «⋯» menu, then its player, and the
  // focus is visible.
  await page.getByLabel('Сортировка').focus();
  const shown = page.getByRole('group', { name: 'Показывать' });
  await page.keyboard.press('Tab');
  await expect(shown.getByRole('button', { name: 'Все' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(shown.getByRole('button', { name: 'Избранное' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(note.getByRole('heading').getByRole('button', { name: 'Заметка' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(note.getByRole('checkbox', { name: 'Выбрать: Заметка' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(note.getByRole('button', { name: 'В избранное' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(note.getByRole('button', { name: 'Действия: Заметка' })).toBeFocused();
  await page.keyboard.press('Tab');
  const notePlayer = note.getByRole('group', { name: 'Плеер: Заметка' });
  await expect(notePlayer).toBeFocused();
  expect(await notePlayer.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await expectAccessible(page, 'audio players with speed and skip controls');
});

test('a recording over two minutes goes on from where it was left after a reload, until played to the end or deleted', async ({ page }) => {
  test.setTimeout(150_000);
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  const longId = await uploadAudio(page.request, access, 'Лекция', makeToneMp3(150));
  // 40 s: long enough for the compact player's ±15 s (from 30 s), short enough not to be remembered (over 2 minutes).
  const shortId = await uploadAudio(page.request, access, 'Короткая', makeToneMp3(40));
  await page.goto('/audio');
  const lecture = item(page, 'Лекция');
  const short = item(page, 'Короткая');
  await waitReady(lecture);
  await waitReady(short);

  // Listen a moment from 30 s in, then pause: the place is remembered.
  await lecture.getByRole('button', { name: 'Вперёд на 15 секунд' }).click();
  await lecture.getByRole('button', { name: 'Вперёд на 15 секунд' }).click();
  await expectTime(lecture, 30);
  await lecture.getByRole('button', { name: 'Воспроизвести: Лекция' }).click();
  await expect.poll(() => timeOf(lecture)).toBeGreaterThan(31);
  await lecture.getByRole('button', { name: 'Пауза: Лекция' }).click();
  await expect.poll(() => pausedOf(lecture)).toBe(true);
  const left = Math.round((await timeOf(lecture)) * 10) / 10; // kept to a tenth of a second
  await expect.poll(() => rememberedOf(page, longId)).toEqual([left]);

  // A recording of two minutes or less is not remembered.
  await short.getByRole('button', { name: 'Вперёд на 15 секунд' }).click();
  await expectTime(short, 15);
  expect(await rememberedOf(page, shortId)).toEqual([]);

  await page.reload();
  await waitReady(lecture);
  await waitReady(short);
  await expect.poll(() => timeOf(lecture)).toBeCloseTo(left, 0);
  const mmss = `00:${String(Math.floor(left)).padStart(2, '0')}`;
  await expect(lecture.getByLabel('Время воспроизведения')).toHaveText(`${mmss} / 02:30`);
  expect(await timeOf(short)).toBe(0);

  // Played to the end: forgotten, and the next visit starts from the beginning.
  await choose(lecture, 'Скорость воспроизведения', '2×');
  await mediaOf(lecture).evaluate((a: HTMLAudioElement) => {
    a.currentTime = 147;
  });
  await lecture.getByRole('button', { name: 'Воспроизвести: Лекция' }).click();
  await expect.poll(() => mediaOf(lecture).evaluate((a: HTMLAudioElement) => a.ended), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => rememberedOf(page, longId)).toEqual([]);
  await page.reload();
  await waitReady(lecture);
  expect(await timeOf(lecture)).toBe(0);
  await expect(lecture.getByLabel('Время воспроизведения')).toHaveText('00:00 / 02:30');

  // Deleting the recording removes its remembered place.
  await lecture.getByRole('button', { name: 'Вперёд на 15 секунд' }).click();
  await expect.poll(() => rememberedOf(page, longId)).toEqual([15]);
  await rowAction(page, lecture, 'Удалить');
  await page.getByRole('dialog', { name: 'Удалить запись' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(lecture).toHaveCount(0);
  expect(await rememberedOf(page, longId)).toEqual([]);
});
