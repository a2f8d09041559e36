import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { openRow, recordFor, rowAction, saveAs } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';

const item = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
/** The <audio> element a recording's waveform plays (inside wavesurfer's open shadow root). */
const mediaOf = (card: Locator) => card.getByTestId('waveform').locator('audio');

/** Seconds of an audio file as ffprobe reads its container. */
function probedSeconds(bytes: Buffer): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-e2e-trim-'));
  try {
    const file = path.join(dir, 'cut.mp3');
    writeFileSync(file, bytes);
    const out = execFileSync(process.env.FFPROBE_PATH ?? 'ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      file,
    ]);
    return Number(out.toString().trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A time field's seconds, written with the Russian decimal comma («5,5»). */
const secondsIn = async (field: Locator) => Number((await field.inputValue()).replace(',', '.'));

async function waitReady(card: Locator) {
  await openRow(card);
  await expect(card.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect.poll(() => mediaOf(card).evaluate((a: HTMLAudioElement) => a.readyState), { timeout: 20_000 }).toBeGreaterThan(0);
}

test('«Обрезать» keeps 2–4 s of a 6 s recording, and the untrimmed version comes back from «Корзина»', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await registerAndLogin(page);
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  await recordFor(page, 6);
  await saveAs(page, 'Диктофон');

  const card = item(page, 'Диктофон');
  await waitReady(card);
  const more = card.getByRole('button', { name: /^Действия: / });

  // «Обрезать» is in the row's «⋯» (as in Voice Memos). Escape closes the panel without sending anything, and the
  // focus goes back to «⋯».
  await rowAction(page, card, 'Обрезать');
  const panel = card.getByRole('group', { name: 'Обрезка записи' });
  await expect(panel).toBeVisible();
  const left = card.getByTestId('waveform').locator('[part~="region-handle-left"]');
  const right = card.getByTestId('waveform').locator('[part~="region-handle-right"]');
  await expect(left).toHaveCount(1);
  await expect(right).toHaveCount(1);
  // Handles a finger can hold: 44 px wide, the full height of the waveform.
  expect((await left.boundingBox())!.width).toBeGreaterThanOrEqual(44);
  expect((await right.boundingBox())!.width).toBeGreaterThanOrEqual(44);
  // The Russian decimal comma: the end of a 6 s recording reads «6» or «5,9», never «5.9».
  await expect(panel.getByLabel('Конец, с')).not.toHaveValue(/\./);
  await expect(panel.getByLabel('Начало, с')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(left).toHaveCount(0);
  await expect(more).toBeFocused();

  // By keyboard: Enter on «⋯», «Обрезать» in its menu, the times typed in; the handles follow the fields.
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Обрезать' }).press('Enter');
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Начало, с')).toBeFocused();
  await expectAccessible(page, 'trim panel');
  // Dragging the left handle a third of the way along moves the start there (the field follows).
  const wave = await card.getByTestId('waveform').boundingBox();
  const handle = await card.getByTestId('waveform').locator('[part~="region-handle-left"]').boundingBox();
  await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
  await page.mouse.down();
  await page.mouse.move(wave!.x + wave!.width / 3, handle!.y + handle!.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect.poll(() => secondsIn(panel.getByLabel('Начало, с'))).toBeGreaterThan(1);
  expect(await secondsIn(panel.getByLabel('Начало, с'))).toBeLessThan(3);
  await expect(panel.getByLabel('Начало, с')).not.toHaveValue(/\./);
  await panel.getByLabel('Начало, с').fill('4');
  // Typed with the comma (a dot is taken too).
  await panel.getByLabel('Конец, с').fill('4,5');
  await expect(panel.getByRole('alert')).toHaveText('Оставьте не меньше 1 секунды.');
  await expect(panel.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
  await panel.getByLabel('Начало, с').fill('2');
  await panel.getByLabel('Конец, с').fill('4');
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // «Прослушать» plays the selection and stops at its end.
  await panel.getByRole('button', { name: 'Прослушать' }).click();
  await expect.poll(() => mediaOf(card).evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(2);
  await expect.poll(() => mediaOf(card).evaluate((a: HTMLAudioElement) => a.paused), { timeout: 15_000 }).toBe(true);
  const stoppedAt = await mediaOf(card).evaluate((a: HTMLAudioElement) => a.currentTime);
  expect(stoppedAt).toBeGreaterThan(3.5);
  expect(stoppedAt).toBeLessThan(4.6);

  await panel.getByRole('button', { name: 'Сохранить' }).click();
  await expect(panel).toHaveCount(0);
  // Said and shown: the original waits in the trash, and «Отменить» is offered.
  const snackbar = page.getByTestId('snackbar-success').filter({ hasText: 'Исходная версия — в корзине' });
  await expect(snackbar).toBeVisible();
  await expect(snackbar.getByRole('button', { name: 'Отменить' })).toBeVisible();
  // The panel went with the focus in it: the focus is on the row's title, not on <body>.
  await expect(card.locator('[data-row-toggle]')).toBeFocused();
  await snackbar.getByRole('button', { name: 'Закрыть уведомление' }).click();
  await waitReady(card);
  await expect(card.getByTestId('audio-duration')).toHaveText('00:02', { timeout: 30_000 });

  // The MP3 now played is the cut: about 2 s as ffprobe reads it.
  const { access } = await apiLogin(page.request, user);
  const list = await page.request.get('/api/media/audio/', { headers: { Authorization: `Bearer ${access}` } });
  const record = ((await list.json()) as { title: string; audio_file: string }[]).find((r) => r.title === 'Диктофон')!;
  const mp3 = await page.request.get(record.audio_file);
  expect(mp3.status()).toBe(200);
  const seconds = probedSeconds(await mp3.body());
  expect(seconds).toBeGreaterThan(1.7);
  expect(seconds).toBeLessThan(2.5);

  // The untrimmed version waits in «Корзина» (one click in the sidebar); restored, it is back in the list whole.
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Корзина' }).click();
  await expect(page.getByRole('heading', { name: 'Корзина', level: 1 })).toBeVisible();
  const untrimmed = page.getByTestId('trash-item').filter({ hasText: 'Диктофон (до обрезки)' });
  await expect(untrimmed).toHaveCount(1);
  await untrimmed.getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByText('Восстановлено: «Диктофон (до обрезки)»')).toBeVisible();

  await page.goto('/audio');
  const whole = item(page, 'Диктофон (до обрезки)');
  await waitReady(whole);
  await expect(whole.getByTestId('audio-duration')).toHaveText(/^00:0[56]$/);
  await expect(item(page, 'Диктофон').getByTestId('audio-duration')).toHaveText('00:02');
});

test('«Отменить» after a trim brings the whole recording back, and the cut one goes to the trash', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await registerAndLogin(page);
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  await recordFor(page, 5);
  await saveAs(page, 'Заметка');
  const card = item(page, 'Заметка');
  await waitReady(card);
  const whole = await card.getByTestId('audio-duration').textContent();

  await rowAction(page, card, 'Обрезать');
  const panel = card.getByRole('group', { name: 'Обрезка записи' });
  await panel.getByLabel('Начало, с').fill('1');
  await panel.getByLabel('Конец, с').fill('3');
  await panel.getByRole('button', { name: 'Сохранить' }).click();
  const snackbar = page.getByTestId('snackbar-success').filter({ hasText: 'Исходная версия — в корзине' });
  // Announced: the snackbar is a status inside the page's live region.
  await expect(snackbar).toHaveAttribute('role', 'status');
  // By keyboard, as the snackbar says: Ctrl+Z from the row.
  await expect(card.locator('[data-row-toggle]')).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(page.getByText('Обрезка отменена')).toBeVisible({ timeout: 60_000 });

  // One «Заметка» in the list, whole again, with the focus on it; the cut one in the trash.
  await expect(page.getByRole('article', { name: 'Заметка', exact: true })).toHaveCount(1);
  await expect(item(page, 'Заметка').getByTestId('audio-duration')).toHaveText(whole!);
  await expect(item(page, 'Заметка').locator('[data-row-toggle]')).toBeFocused();
  const { access } = await apiLogin(page.request, user);
  const trash = (await (await page.request.get('/api/media/trash/', { headers: { Authorization: `Bearer ${access}` } })).json()) as {
    title: string;
    duration: number;
  }[];
  expect(trash.map((t) => t.title)).toEqual(['Заметка']);
  expect(trash[0]!.duration).toBeLessThan(3);
});
