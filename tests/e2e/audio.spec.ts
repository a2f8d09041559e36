import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openRow, recordFor, rowAction, saveAs } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';
import { choose } from './support/listbox';
import { monoWav } from './support/wav';

const item = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
// A row's title is a heading one level under what it stands under: h3 under a day's heading, h2 with none.
const titles = (page: Page) => page.getByTestId('audio-item').locator('h2, h3').allTextContents();

test('records audio, saves it, plays, searches, sorts, edits, downloads an MP3 and deletes', async ({ page }) => {
  test.setTimeout(150_000);
  await registerAndLogin(page);
  await page.goto('/audio');
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи' })).toBeVisible();
  await expect(page.getByText('Пока нет записей')).toBeVisible();

  // Record ~3 s; the save form insists on a title.
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const dialog = await recordFor(page, 3);
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await dialog.getByRole('button', { name: 'Сохранить запись' }).click();
  await expect(dialog.getByText('Название обязательно')).toBeVisible();
  await dialog.getByRole('button', { name: 'Назад' }).click();
  await saveAs(page, 'Утренняя заметка', 'Про планы на день');

  const first = item(page, 'Утренняя заметка');
  await expect(first).toBeVisible();
  await expect(first.getByText('Про планы на день')).toBeVisible();
  // About 3 s: the recorder stops a moment after its timer shows 00:03; on a loaded machine the stop click can land seconds later.
  await expect(first.getByTestId('audio-duration')).toHaveText(/^00:0[3-9]$/);
  const duration = await first.getByTestId('audio-duration').textContent();

  // Opened, the row shows its waveform, drawn from the server's peaks, and the recording plays.
  await openRow(first);
  await expect(first.getByTestId('waveform').locator('canvas').first()).toBeVisible({ timeout: 10_000 });
  await expect(first.getByTestId('waveform')).toHaveAttribute('data-ready', 'true');
  await first.getByRole('button', { name: 'Воспроизвести: Утренняя заметка' }).click();
  await expect(first.getByRole('button', { name: 'Пауза: Утренняя заметка' })).toBeVisible();
  await expect(first.getByLabel('Время воспроизведения')).toContainText(new RegExp(`00:0[1-9] / ${duration}`), { timeout: 10_000 });
  await expect(first.getByRole('button', { name: 'Воспроизвести: Утренняя заметка' })).toBeVisible({ timeout: 10_000 });

  // A second, shorter recording for search and sort.
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  await recordFor(page, 1);
  await saveAs(page, 'Вечерний разговор');
  await expect(item(page, 'Вечерний разговор')).toBeVisible();
  expect(await titles(page)).toEqual(['Вечерний разговор', 'Утренняя заметка']);

  // Search: title or description, case-insensitive.
  const search = page.getByLabel('Поиск');
  await search.fill('ПЛАНЫ');
  await expect(page.getByTestId('audio-item')).toHaveCount(1);
  await expect(item(page, 'Утренняя заметка')).toBeVisible();
  await search.fill('нет такого');
  await expect(page.getByText('Ничего не найдено')).toBeVisible();
  await search.fill('');
  await expect(page.getByTestId('audio-item')).toHaveCount(2);

  // Sort.
  await choose(page, 'Сортировка', 'Сначала старые');
  await expect.poll(() => titles(page)).toEqual(['Утренняя заметка', 'Вечерний разговор']);
  await choose(page, 'Сортировка', 'Название А–Я');
  await expect.poll(() => titles(page)).toEqual(['Вечерний разговор', 'Утренняя заметка']);
  await choose(page, 'Сортировка', 'Длительность ↓');
  await expect.poll(() => titles(page)).toEqual(['Утренняя заметка', 'Вечерний разговор']);
  await choose(page, 'Сортировка', 'Длительность ↑');
  await expect.poll(() => titles(page)).toEqual(['Вечерний разговор', 'Утренняя заметка']);
  await choose(page, 'Сортировка', 'Сначала новые');

  // Edit: the title is required; the change survives a reload.
  await rowAction(page, item(page, 'Утренняя заметка'), 'Изменить');
  const edit = page.getByRole('dialog', { name: 'Изменить запись' });
  await edit.getByLabel('Название').fill('');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit.getByText('Название обязательно')).toBeVisible();
  await edit.getByLabel('Название').fill('Утро');
  await edit.getByLabel('Описание').fill('Исправленное описание');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Запись успешно обновлена').first()).toBeVisible();
  await expect(edit).toHaveCount(0);
  await page.reload();
  await expect(item(page, 'Утро')).toBeVisible();
  await expect(item(page, 'Утро').getByText('Исправленное описание')).toBeVisible();

  // Download: an authenticated fetch saved under the title, and the bytes are a real MP3.
  const downloadPromise = page.waitForEvent('download');
  await rowAction(page, item(page, 'Утро'), 'Скачать');
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Утро.mp3');
  const bytes = readFileSync(await download.path());
  expect(bytes.length).toBeGreaterThan(1000);
  const isId3 = bytes.subarray(0, 3).toString('latin1') === 'ID3';
  const isFrameSync = bytes[0] === 0xff && [0xfb, 0xf3, 0xe3].includes(bytes[1]!);
  expect(isId3 || isFrameSync, `MP3 signature, got ${bytes.subarray(0, 4).toString('hex')}`).toBe(true);

  // Delete after confirmation.
  await rowAction(page, item(page, 'Утро'), 'Удалить');
  const confirm = page.getByRole('dialog', { name: 'Удалить запись' });
  await expect(confirm.getByText('Удалённое хранится в корзине 30 дней', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(item(page, 'Утро')).toHaveCount(0);
  await expect(page.getByTestId('audio-item')).toHaveCount(1);
  await page.reload();
  await expect(item(page, 'Вечерний разговор')).toBeVisible();
  await expect(item(page, 'Утро')).toHaveCount(0);
});

test('a reload mid-recording loses nothing: the screen offers to restore it, and it can be saved', async ({ page }) => {
  test.setTimeout(120_000);
  await registerAndLogin(page);
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запись аудио' });
  await dialog.getByRole('button', { name: 'Начать запись' }).click();
  await expect(dialog.getByTestId('recorder-timer')).toHaveText('00:02', { timeout: 15_000 });

  await page.reload();
  const offer = page.getByTestId('restore-recording');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Найдена несохранённая запись');
  await offer.getByRole('button', { name: 'Восстановить' }).click();

  await expect(dialog.getByText('Восстановлена несохранённая запись.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Прослушать' }).click();
  await expect(dialog.getByRole('button', { name: 'Пауза' })).toBeVisible();
  await saveAs(page, 'Восстановленная');
  await expect(item(page, 'Восстановленная')).toBeVisible();
  await expect(item(page, 'Восстановленная').getByTestId('audio-duration')).toHaveText(/00:0[1-3]/);

  // Saved: the stored chunks are gone, so no offer after a reload.
  await page.reload();
  await expect(item(page, 'Восстановленная')).toBeVisible();
  await expect(page.getByTestId('restore-recording')).toHaveCount(0);
});

test('the restore offer can delete the unsaved recording', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запись аудио' });
  await dialog.getByRole('button', { name: 'Начать запись' }).click();
  await expect(dialog.getByTestId('recorder-timer')).toHaveText('00:01', { timeout: 15_000 });
  await page.reload();
  const offer = page.getByTestId('restore-recording');
  await offer.getByRole('button', { name: 'Удалить' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи' })).toBeVisible();
  await expect(page.getByText('Пока нет записей')).toBeVisible();
  await expect(page.getByTestId('restore-recording')).toHaveCount(0);
});

test('closing the recorder with an unsaved recording asks first', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const dialog = await recordFor(page, 1);
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Закрыть запись?' });
  await expect(confirm.getByText('Несохранённая запись будет потеряна. Закрыть?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Продолжить' }).click();
  await expect(dialog.getByRole('button', { name: 'Прослушать' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await confirm.getByRole('button', { name: 'Закрыть без сохранения' }).click();
  await expect(dialog).toHaveCount(0);
  // Discarded on purpose: nothing to restore.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи' })).toBeVisible();
  await expect(page.getByTestId('restore-recording')).toHaveCount(0);
});

test('start and stop by keyboard move the focus on and say so; «Удалить запись» asks before the take is thrown away', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запись аудио' });
  const said = dialog.getByTestId('recorder-status');
  await dialog.getByRole('button', { name: 'Начать запись' }).focus();
  await page.keyboard.press('Enter');
  await expect(said).toHaveText('Идёт запись');
  await expect(dialog.getByRole('button', { name: 'Остановить запись' })).toBeFocused();
  await expect(dialog.getByTestId('recorder-timer')).toHaveText('00:01', { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(said).toHaveText(/^Запись остановлена, 00:0\d$/);
  const listen = dialog.getByRole('button', { name: 'Прослушать' });
  await expect(listen).toBeFocused();

  const discard = dialog.getByRole('button', { name: 'Удалить запись' });
  await discard.click();
  const confirm = page.getByRole('dialog', { name: 'Удалить эту запись?' });
  await expect(confirm.getByText('Записанное не сохранено и пропадёт безвозвратно.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(listen).toBeVisible();
  await expect(discard).toBeFocused();
  await discard.click();
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(dialog.getByRole('button', { name: 'Начать запись' })).toBeVisible();
  await expect(listen).toHaveCount(0);
});

test('a denied microphone shows the access message with a button that asks again', async ({ page }) => {
  // Simulates the user refusing the permission prompt (fake-ui would otherwise always allow).
  await page.addInitScript(() => {
    const w = window as unknown as { __gumCalls: number };
    w.__gumCalls = 0;
    navigator.mediaDevices.getUserMedia = () => {
      w.__gumCalls += 1;
      return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    };
  });
  await registerAndLogin(page);
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запись аудио' });
  await dialog.getByRole('button', { name: 'Начать запись' }).click();
  await expect(dialog.getByText('Нет доступа к микрофону. Разрешите доступ к микрофону в настройках браузера.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Запросить разрешение' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gumCalls: number }).__gumCalls)).toBe(2);
  await expect(dialog.getByText('Нет доступа к микрофону. Разрешите доступ к микрофону в настройках браузера.')).toBeVisible();
  // Nothing recorded: the dialog closes without asking.
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(dialog).toHaveCount(0);
});

test('a browser without MediaRecorder gets the unsupported snackbar', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as unknown as { MediaRecorder?: unknown }).MediaRecorder;
  });
  await registerAndLogin(page);
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  await expect(page.getByText('Ваш браузер не поддерживает запись аудио. Попробуйте другой браузер.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Запись аудио' })).toHaveCount(0);
});

test('a recording whose processing failed shows why on its card, and «Повторить» sends it back', async ({ page }) => {
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  // A WAV header promising 16-bit mono samples, and none: accepted by its content, then nothing to decode.
  const empty = monoWav(8000, []);
  const res = await page.request.post('/api/media/audio/', {
    headers: { Authorization: `Bearer ${access}` },
    multipart: { title: 'Пустая', audio_file: { name: 'empty.wav', mimeType: 'audio/wav', buffer: empty } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await page.goto('/audio');
  const card = item(page, 'Пустая');
  await expect(card.getByText('Не удалось обработать аудиозапись')).toBeVisible({ timeout: 20_000 });

  const retried = page.waitForResponse((r) => r.url().endsWith(`/api/media/audio/${id}/retry/`) && r.request().method() === 'POST');
  await card.getByRole('button', { name: 'Повторить' }).click();
  expect((await retried).status()).toBe(202);
  // Processed again (and failing again: the file has no sound), the card says so once more.
  await expect(card.getByText('Не удалось обработать аудиозапись')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('button', { name: 'Повторить' })).toBeEnabled();
});
