import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { registerAndLogin } from './support/auth';
import { expectAccessible } from './support/a11y';

const recorderDialog = (page: Page) => page.getByRole('dialog', { name: 'Запись видео' });
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** How many of the running recording's chunks are on the device (IndexedDB «kopilka-recordings»), the most of any session. */
const storedChunks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('kopilka-recordings');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const all = open.result.transaction('sessions').objectStore('sessions').getAll();
          all.onerror = () => reject(new Error(String(all.error)));
          all.onsuccess = () => {
            open.result.close();
            resolve(Math.max(0, ...(all.result as { chunkCount: number }[]).map((s) => s.chunkCount)));
          };
        };
      }),
  );

/** Records with Chromium's fake camera and microphone until the timer shows `seconds`, then stops. */
async function recordFor(page: Page, seconds: number) {
  const dialog = recorderDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Запись видео' })).toBeVisible();
  // The live picture is there from the moment the recorder opens, before the recording starts: checked first, so
  // the wait for the timer begins as the recording does (on a loaded machine this check alone can take seconds).
  const preview = dialog.getByTestId('camera-preview');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 }).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Начать запись' }).click();
  // At least that long: on a busy machine the timer may have moved past the exact second before it is read.
  await expect(dialog.getByTestId('recorder-timer')).toHaveText(new RegExp(`^00:0[${seconds}-9]$`), { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Остановить запись' }).click();
  await expect(dialog.getByTestId('recorded-video')).toBeVisible();
  await expectAccessible(page, 'video recorder with a recording');
  return dialog;
}

test('records 3 s with the camera, waits for processing, plays, downloads and deletes', async ({ page }) => {
  test.setTimeout(180_000);
  await registerAndLogin(page);
  await page.goto('/video');
  await expect(page.getByRole('heading', { name: 'Мои видео' })).toBeVisible();
  await expect(page.getByText('Пока нет видео')).toBeVisible();

  await page.getByRole('button', { name: 'Записать видео' }).click();
  const dialog = await recordFor(page, 3);
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await dialog.getByRole('button', { name: 'Сохранить видео' }).click();
  await expect(dialog.getByText('Название обязательно')).toBeVisible();
  await dialog.getByLabel('Название').fill('Прогулка');
  await dialog.getByLabel('Описание').fill('Первое видео');
  await dialog.getByRole('button', { name: 'Сохранить видео' }).click();
  await expect(page.getByText('Видео успешно сохранено').first()).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);

  // The MP4 and the poster are made in the background; the list polls until they are there.
  const item = card(page, 'Прогулка');
  await expect(item.getByText('обрабатывается')).toBeVisible();
  await expect(item.getByTestId('video-poster')).toBeVisible({ timeout: 60_000 });
  await expect(item.getByText('обрабатывается')).toHaveCount(0);
  // About 3 s: the recorder stops a moment after its timer shows 00:03; on a loaded machine the stop click can land seconds later.
  // The tile's badge reads as the player's clock does: «0:03», not «00:03».
  await expect(item.getByTestId('video-duration')).toHaveText(/^0:0[3-9]$/);
  await expect.poll(() => item.getByTestId('video-poster').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page, 'video cards');

  // Play the MP4.
  await item.getByRole('button', { name: 'Открыть видео: Прогулка' }).click();
  const player = page.getByRole('dialog', { name: 'Просмотр видео' });
  const video = player.getByTestId('video-player');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('src', /\.mp4\?/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 }).toBeGreaterThan(2);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expectAccessible(page, 'video player dialog');

  // Download the MP4 rendition.
  const mp4Promise = page.waitForEvent('download');
  await player.getByRole('button', { name: 'Ещё' }).click();
  await page.getByRole('menuitem', { name: 'Скачать MP4' }).click();
  const mp4 = await mp4Promise;
  expect(mp4.suggestedFilename()).toBe('Прогулка.mp4');
  const mp4Bytes = readFileSync(await mp4.path());
  expect(mp4Bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');

  // And the original recording (WebM from the browser).
  const originalPromise = page.waitForEvent('download');
  await player.getByRole('button', { name: 'Ещё' }).click();
  await page.getByRole('menuitem', { name: 'Скачать оригинал' }).click();
  const original = await originalPromise;
  expect(original.suggestedFilename()).toBe('Прогулка.webm');
  const webm = readFileSync(await original.path());
  expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML

  // «Сведения» tells the length; «Изменить» there edits the title.
  await player.getByRole('button', { name: 'Сведения' }).click();
  const info = player.getByRole('complementary', { name: 'Сведения' });
  await expect(info.getByText(/^0:0[3-9]$/)).toBeVisible();
  await info.getByRole('button', { name: 'Изменить' }).click();
  const edit = page.getByRole('dialog', { name: 'Изменить видео' });
  await edit.getByLabel('Название').fill('');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit.getByText('Название обязательно')).toBeVisible();
  await edit.getByLabel('Название').fill('Прогулка в парке');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Видео успешно обновлено').first()).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(info.getByRole('heading', { name: 'Прогулка в парке' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(player).toHaveCount(0);
  await expect(card(page, 'Прогулка в парке')).toBeVisible();
  await expect(card(page, 'Прогулка в парке').getByRole('button', { name: 'Открыть видео: Прогулка в парке' })).toBeFocused();

  // Upload the downloaded MP4 as an existing file, the original again, and a file that is not a video.
  await page.getByLabel('Выбрать видеофайлы').setInputFiles([
    { name: 'Загруженное.mp4', mimeType: 'video/mp4', buffer: mp4Bytes },
    { name: 'Ещё раз.webm', mimeType: 'video/webm', buffer: webm },
    { name: 'не видео.mp4', mimeType: 'video/mp4', buffer: Buffer.from('просто текст') },
  ]);
  await expect(page.getByText('Видео загружено')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('upload-item').filter({ hasText: 'не видео.mp4' }).getByRole('alert')).toHaveText(
    'Файл не является поддерживаемой видеозаписью',
  );
  // The original is kept already: nothing new is stored, and the row links to the video that has it.
  const again = page.getByTestId('upload-item').filter({ hasText: 'Ещё раз.webm' }).getByRole('status');
  await expect(again).toHaveText('Уже в Копилке Открыть');
  await again.getByRole('link', { name: 'Открыть' }).click();
  await expect(player.getByTestId('viewer-title')).toHaveText('Прогулка в парке');
  await page.keyboard.press('Escape');
  await expect(player).toHaveCount(0);
  await expect(card(page, 'Ещё раз')).toHaveCount(0);
  await expect(card(page, 'Загруженное').getByTestId('video-duration')).toHaveText('0:03', { timeout: 60_000 });

  // Delete after confirmation.
  await card(page, 'Прогулка в парке').getByRole('button', { name: 'Открыть видео: Прогулка в парке' }).click();
  await player.getByRole('button', { name: 'Удалить' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить видео' });
  await expect(confirm.getByText('Удалённое хранится в корзине 30 дней', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Видео удалено').first()).toBeVisible();
  // The viewer moves on to the video left, as the photos' does.
  await expect(player.getByTestId('viewer-title')).toHaveText('Загруженное');
  await expect(player.getByTestId('viewer-counter')).toHaveText('1 из 1');
  await expect(confirm).toHaveCount(0);
  await expect.poll(() => player.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(player).toHaveCount(0);
  await expect(card(page, 'Прогулка в парке')).toHaveCount(0);
  await page.reload();
  await expect(card(page, 'Загруженное')).toBeVisible();
  await expect(card(page, 'Прогулка в парке')).toHaveCount(0);
});

test('the camera picture shows as soon as the recorder opens, and the camera is let go on close', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/video');
  await page.getByRole('button', { name: 'Записать видео' }).click();
  const dialog = recorderDialog(page);
  // Before 'Начать запись' is pressed.
  await expect(dialog.getByRole('button', { name: 'Начать запись' })).toBeVisible();
  const preview = dialog.getByTestId('camera-preview');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(dialog.getByTestId('recorder-timer')).toHaveText('00:00');
  await page.screenshot({ path: test.info().outputPath('video-recorder-preview.png') });
  await expectAccessible(page, 'video recorder with the live picture');

  const tracks = await preview.evaluateHandle((v: HTMLVideoElement) => (v.srcObject as MediaStream).getTracks());
  expect(await tracks.evaluate((ts) => ts.map((t) => t.readyState))).toEqual(['live', 'live']);
  // Nothing recorded yet: closes without asking, and the camera and microphone are off.
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => tracks.evaluate((ts) => ts.every((t) => t.readyState === 'ended'))).toBe(true);
});

test('a reload mid-recording keeps the video for its own screen only, and it can be restored and saved', async ({ page }) => {
  test.setTimeout(150_000);
  await registerAndLogin(page);
  await page.goto('/video');
  await page.getByRole('button', { name: 'Записать видео' }).click();
  const dialog = recorderDialog(page);
  await dialog.getByRole('button', { name: 'Начать запись' }).click();
  await expect(dialog.getByTestId('recorder-timer')).toHaveText('00:02', { timeout: 15_000 });
  // Two seconds on the device before leaving: four 500 ms chunks stored. The timer alone is wall time; on a starved
  // browser the recorder hands over its chunks late, and a reload then kept under half a second («00:00»).
  await expect.poll(() => storedChunks(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);

  // The audio screen does not offer the video session…
  await page.goto('/audio');
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи' })).toBeVisible();
  await expect(page.getByText('Пока нет записей')).toBeVisible();
  await expect(page.getByTestId('restore-recording')).toHaveCount(0);

  // …the video screen does.
  await page.goto('/video');
  const offer = page.getByTestId('restore-recording');
  await expect(offer).toContainText('Найдена несохранённая запись');
  await offer.getByRole('button', { name: 'Восстановить' }).click();
  await expect(dialog.getByText('Восстановлена несохранённая запись.')).toBeVisible();
  await expect(dialog.getByTestId('recorded-video')).toBeVisible();
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await dialog.getByLabel('Название').fill('Восстановленное');
  await dialog.getByRole('button', { name: 'Сохранить видео' }).click();
  await expect(page.getByText('Видео успешно сохранено').first()).toBeVisible({ timeout: 30_000 });
  await expect(card(page, 'Восстановленное').getByTestId('video-poster')).toBeVisible({ timeout: 60_000 });
  await expect(card(page, 'Восстановленное').getByTestId('video-duration')).toHaveText(/^0:0[1-3]$/);

  await page.reload();
  await expect(card(page, 'Восстановленное')).toBeVisible();
  await expect(page.getByTestId('restore-recording')).toHaveCount(0);
});

test('closing the recorder with an unsaved video asks first', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/video');
  await page.getByRole('button', { name: 'Записать видео' }).click();
  const dialog = await recordFor(page, 1);
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Закрыть запись?' });
  await expect(confirm.getByText('Несохранённое видео будет потеряно. Закрыть?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Продолжить' }).click();
  await expect(dialog.getByTestId('recorded-video')).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await confirm.getByRole('button', { name: 'Закрыть без сохранения' }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Пока нет видео')).toBeVisible();
  await expect(page.getByTestId('restore-recording')).toHaveCount(0);
});

test('a denied camera shows the access message with a button that asks again', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __gum: MediaStreamConstraints[] };
    w.__gum = [];
    navigator.mediaDevices.getUserMedia = (c?: MediaStreamConstraints) => {
      w.__gum.push(c ?? {});
      return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    };
  });
  await registerAndLogin(page);
  await page.goto('/video');
  await page.getByRole('button', { name: 'Записать видео' }).click();
  const dialog = recorderDialog(page);
  await dialog.getByRole('button', { name: 'Начать запись' }).click();
  const message = 'Нет доступа к камере. Разрешите доступ к камере в настройках браузера.';
  await expect(dialog.getByText(message)).toBeVisible();
  await dialog.getByRole('button', { name: 'Запросить разрешение' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gum: unknown[] }).__gum.length)).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { __gum: MediaStreamConstraints[] }).__gum[0])).toEqual({
    video: true,
    audio: true,
  });
  await expect(dialog.getByText(message)).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(dialog).toHaveCount(0);
});
