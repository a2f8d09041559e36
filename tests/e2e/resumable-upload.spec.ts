import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { resolveFfmpeg } from '../../server/media/processing/ffmpeg.ts';
import { makeToneMp3 } from './support/audio';
import { registerAndLogin } from './support/auth';

const SIZE = 50_000_000;

/**
 * A real one-second H.264 MP4 grown to `size` bytes by a trailing `free` box, which every MP4 reader
 * skips: it passes the content check and the decoder's look, and its conversion is a quick remux.
 */
function makeLargeVideo(file: string, size: number): void {
  execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file],
  ]);
  const clip = readFileSync(file);
  const free = Buffer.alloc(size - clip.length);
  free.writeUInt32BE(free.length, 0);
  free.write('free', 4, 'latin1');
  writeFileSync(file, Buffer.concat([clip, free]));
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

test('a 50 MB video whose connection is cut goes on after a reload from where it stopped', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // From a file on disk: the browser's File keeps its change time, which the upload is recognised by.
  const file = testInfo.outputPath('Поездка.mp4');
  makeLargeVideo(file, SIZE);
  await registerAndLogin(page);
  await page.goto('/video');
  await expect(page.getByRole('heading', { name: 'Мои видео' })).toBeVisible();
  page.on('dialog', (dialog) => void dialog.accept()); // "leave the page while uploading?"

  // The first piece gets through; from the second on, the connection breaks.
  let patches = 0;
  await page.route('**/api/uploads/**', (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    patches += 1;
    return patches === 1 ? route.fallback() : route.abort('connectionreset');
  });
  await page.getByLabel('Выбрать видеофайлы').setInputFiles(file);
  const row = page.getByTestId('upload-item').filter({ hasText: 'Поездка.mp4' });
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect.poll(() => patches, { timeout: 60_000 }).toBeGreaterThan(1);
  await expect(card(page, 'Поездка')).toHaveCount(0);

  // The page is reloaded and the same file chosen again, the network whole again — mended only once the old page
  // has gone: mended before, a retry of the old page's upload (tus tries again after 1, 3 and 5 s) could get through
  // while the reload waited on the "leave the page?" question, and finish the file before the new page chose it.
  await page.reload();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const after: Request[] = [];
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/uploads/')) after.push(request);
  });
  await page.getByLabel('Выбрать видеофайлы').setInputFiles(file);
  await expect(page.getByText('Видео загружено')).toBeVisible({ timeout: 60_000 });
  await expect(card(page, 'Поездка')).toBeVisible();

  // It went on with the upload the server already had, from where that stopped: no new upload, and
  // fewer bytes than the whole file.
  expect(after.map((r) => r.method())).not.toContain('POST');
  const sent = after.filter((r) => r.method() === 'PATCH');
  expect(Number(await sent[0]!.headerValue('upload-offset'))).toBeGreaterThan(0);
  const bytes = (await Promise.all(sent.map(async (r) => Number((await r.allHeaders())['content-length'])))).reduce((a, b) => a + b, 0);
  expect(bytes).toBeGreaterThan(0);
  expect(bytes).toBeLessThan(SIZE);
  expect(bytes).toBe(SIZE - Number(await sent[0]!.headerValue('upload-offset')));
});

test('an audio file is uploaded from the audio screen, and the same file again is found already kept', async ({ page }) => {
  const mp3 = makeToneMp3(1);
  await registerAndLogin(page);
  await page.goto('/audio');
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи' })).toBeVisible();
  await page.getByLabel('Выбрать аудиофайлы').setInputFiles({ name: 'Тон.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
  await expect(page.getByText('Аудиозапись загружена')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: 'Тон', exact: true })).toBeVisible();

  await page.getByLabel('Выбрать аудиофайлы').setInputFiles({ name: 'Тон снова.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
  const again = page.getByTestId('upload-item').filter({ hasText: 'Тон снова.mp3' }).getByRole('status');
  await expect(again).toHaveText('Уже в Копилке Открыть', { timeout: 30_000 });
  await again.getByRole('link', { name: 'Открыть' }).click();
  await expect(page.getByRole('article', { name: 'Тон', exact: true })).toBeFocused();
  await expect(page.getByRole('article')).toHaveCount(1);
});
