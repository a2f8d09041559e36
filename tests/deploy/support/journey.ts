import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { resolveFfmpeg } from '../../../server/media/processing/ffmpeg.ts';
import { lastCodeTo } from '../../e2e/support/outbox';
import { unzip } from '../../server/support/unzip.ts';
import type { Bucket } from './stack.ts';
import { openRow, rowAction } from '../../e2e/support/audio';

/** The steps of a visitor's journey, in the UI only: through a proxy the browser is the only client. */

export async function expectSecureHttps(page: Page): Promise<void> {
  expect(await page.evaluate(() => ({ protocol: location.protocol, secure: window.isSecureContext }))).toEqual({
    protocol: 'https:',
    secure: true,
  });
}

export async function registerConfirmAndLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Имя', { exact: true }).fill('Ольга');
  await page.getByLabel('Фамилия').fill('Развёртова');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByLabel('Повторите пароль').fill(password);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Регистрация прошла успешно!')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\/?$/);
  await page.getByLabel('Код подтверждения').fill(await lastCodeTo(email));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
}

export const audioItem = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** Records ~2 s with Chromium's fake microphone and saves it under `title`. */
export async function recordAudio(page: Page, title: string): Promise<void> {
  await page.goto('/audio');
  await expect(page.getByRole('heading', { name: 'Мои аудиозаписи' })).toBeVisible();
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const dialog = page.getByRole('dialog', { name: 'Запись аудио' });
  await dialog.getByRole('button', { name: 'Начать запись' }).click();
  await expect(dialog.getByText('Идёт запись…')).toBeVisible();
  await expect(dialog.getByTestId('recorder-timer')).toHaveText('00:02', { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Остановить запись' }).click();
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await dialog.getByLabel('Название').fill(title);
  await dialog.getByRole('button', { name: 'Сохранить запись' }).click();
  await expect(page.getByText('Аудиозапись успешно сохранена').first()).toBeVisible({ timeout: 30_000 });
  await expect(audioItem(page, title)).toBeVisible();
}

/** The recording's waveform comes from the server and it plays to its end. */
export async function expectAudioPlays(page: Page, title: string): Promise<void> {
  const item = audioItem(page, title);
  await openRow(item);
  await expect(item.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  await item.getByRole('button', { name: `Воспроизвести: ${title}` }).click();
  await expect(item.getByLabel('Время воспроизведения')).toContainText(/00:0[1-9] \/ 00:0[1-9]/, { timeout: 15_000 });
  await expect(item.getByRole('button', { name: `Воспроизвести: ${title}` })).toBeVisible({ timeout: 15_000 });
}

export async function deleteAudio(page: Page, title: string): Promise<void> {
  await rowAction(page, audioItem(page, title), 'Удалить');
  await page.getByRole('dialog', { name: 'Удалить запись' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(audioItem(page, title)).toHaveCount(0);
}

/** Uploads a small PNG made here as `<title>.png`; its thumbnail loads. */
export async function uploadPhoto(page: Page, title: string): Promise<void> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();
  await page.goto('/photos');
  await expect(page.getByRole('heading', { name: 'Мои фотографии' })).toBeVisible();
  await page.getByLabel('Выбрать фотографии').setInputFiles([{ name: `${title}.png`, mimeType: 'image/png', buffer: png }]);
  await expect(page.getByText('Фотография загружена')).toBeVisible({ timeout: 30_000 });
  const img = page.getByRole('img', { name: title });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
}

export async function deletePhoto(page: Page, title: string): Promise<void> {
  await page.getByRole('img', { name: title }).click();
  const viewer = page.getByRole('dialog', { name: 'Просмотр фотографии' });
  await viewer.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить фотографию' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Фотография удалена').first()).toBeVisible();
  await expect(page.getByRole('img', { name: title })).toHaveCount(0);
}

/** A 2-second MP4 with picture and sound, made by ffmpeg for this run. */
export function makeVideo(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-deploy-video-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    const quiet = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
    const picture = ['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=15'];
    const sound = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
    const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
    execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), [...quiet, ...picture, ...sound, ...h264, '-c:a', 'aac', '-shortest', file]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const videoCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** Uploads `<title>.mp4`, waits for its conversion (poster), and plays it in the player. */
export async function uploadAndPlayVideo(page: Page, title: string, bytes: Buffer): Promise<void> {
  await page.goto('/video');
  await expect(page.getByRole('heading', { name: 'Мои видео' })).toBeVisible();
  await page.getByLabel('Выбрать видеофайлы').setInputFiles([{ name: `${title}.mp4`, mimeType: 'video/mp4', buffer: bytes }]);
  await expect(page.getByText('Видео загружено')).toBeVisible({ timeout: 30_000 });
  const card = videoCard(page, title);
  await expect(card.getByTestId('video-poster')).toBeVisible({ timeout: 60_000 });
  await card.getByRole('button', { name: `Открыть видео: ${title}` }).click();
  const video = page.getByRole('dialog', { name: 'Просмотр видео' }).getByTestId('video-player');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 15_000 }).toBeGreaterThan(1);
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
}

/** Deletes the video open in the player. */
export async function deleteOpenVideo(page: Page, title: string): Promise<void> {
  const player = page.getByRole('dialog', { name: 'Просмотр видео' });
  await player.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить видео' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Видео удалено').first()).toBeVisible();
  await expect(videoCard(page, title)).toHaveCount(0);
}

/** Deleted items wait in «Корзина»: it lists `count` of them, and «Очистить корзину» removes them for good. */
export async function emptyTrash(page: Page, count: number): Promise<void> {
  await page.goto('/trash');
  await expect(page.getByRole('heading', { name: 'Корзина', level: 1 })).toBeVisible();
  await expect(page.getByTestId('trash-item')).toHaveCount(count);
  await page.getByRole('button', { name: 'Очистить корзину' }).click();
  await page.getByRole('dialog', { name: 'Очистить корзину?' }).getByRole('button', { name: 'Очистить' }).click();
  await expect(page.getByText('Корзина пуста')).toBeVisible();
}

/** «Скачать всё» on the profile: the ZIP the browser saves, read back (name → bytes). */
export async function downloadEverything(page: Page): Promise<Map<string, Buffer>> {
  await page.goto('/profile');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать всё' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^Копилка-\d{4}-\d{2}-\d{2}\.zip$/);
  return unzip(readFileSync(await download.path()));
}

/**
 * Every file a process left under its DATA_DIR, relative (its outbox aside: the tests read codes there).
 * With media in a bucket nothing else belongs there once the jobs are done: no media, and no work
 * folder of a job or a local copy outlives the run that made it.
 */
export function filesUnder(dataDir: string): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory() && !e.isSymbolicLink())
    .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith(`outbox${path.sep}`));
}

/** Every object in the bucket under the media prefix, as storage keys (`u/<id>/audio/…`), sorted. */
export async function bucketKeys(bucket: Bucket): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of paginateListObjectsV2({ client: bucket.client }, { Bucket: bucket.name, Prefix: bucket.prefix })) {
    for (const object of page.Contents ?? []) keys.push(object.Key!.slice(bucket.prefix.length));
  }
  return keys.sort();
}

/** The one user folder (`u/<id>/`) the keys that are new since `before` lie in. */
export async function newUserFolder(bucket: Bucket, before: string[]): Promise<string> {
  const folders = new Set((await bucketKeys(bucket)).filter((k) => !before.includes(k)).map((k) => /^u\/\d+\//.exec(k)?.[0]));
  expect([...folders]).toHaveLength(1);
  return [...folders][0]!;
}

/** The bytes of one object (storage key), or of a Range of it. */
export async function objectBytes(bucket: Bucket, key: string, range?: string): Promise<Buffer> {
  const res = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.name, Key: bucket.prefix + key, Range: range }));
  return Buffer.from(await res.Body!.transformToByteArray());
}
