import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { resolveFfmpeg } from '../../../server/media/processing/ffmpeg.ts';

/** Records with Chromium's fake microphone until the recorder's timer shows `seconds`, then stops. */
export async function recordFor(page: Page, seconds: number) {
  const dialog = page.getByRole('dialog', { name: 'Запись аудио' });
  // (Headless UI's dialog root has no box of its own: check its content, and count for "closed".)
  await expect(dialog.getByRole('heading', { name: 'Запись аудио' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Начать запись' }).click();
  await expect(dialog.getByText('Идёт запись…')).toBeVisible();
  await expect(dialog.getByTestId('recorder-timer')).toHaveText(`00:0${seconds}`, { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Остановить запись' }).click();
  await expect(dialog.getByRole('button', { name: 'Прослушать' })).toBeVisible();
  return dialog;
}

/** Saves the recording in the open recorder under `title` and waits for the success snackbar. */
export async function saveAs(page: Page, title: string, description = '') {
  const dialog = page.getByRole('dialog', { name: 'Запись аудио' });
  await dialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await dialog.getByLabel('Название').fill(title);
  if (description) await dialog.getByLabel('Описание').fill(description);
  await dialog.getByRole('button', { name: 'Сохранить запись' }).click();
  await expect(page.getByText('Аудиозапись успешно сохранена').first()).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toHaveCount(0);
}

/** A mono MP3 of a 440 Hz tone lasting `seconds`, made by ffmpeg for this run (small: 16 kHz, 24 kbit/s). */
export function makeToneMp3(seconds: number): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kopilka-e2e-tone-'));
  try {
    const file = path.join(dir, 'tone.mp3');
    const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
    const mp3 = ['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '24k', file];
    execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...tone, ...mp3]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Saves an audio file as a new record through the API (as the signed-in owner) and returns its id. */
export async function uploadAudio(request: APIRequestContext, access: string, title: string, mp3: Buffer): Promise<number> {
  const res = await request.post('/api/media/audio/', {
    headers: { Authorization: `Bearer ${access}` },
    multipart: { title, audio_file: { name: 'tone.mp3', mimeType: 'audio/mpeg', buffer: mp3 } },
    timeout: 60_000,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Counts every audio decode the page asks for from now on (waveforms must come from the server's peaks). */
export async function countAudioDecodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __decodes: number };
    w.__decodes = 0;
    const proto = BaseAudioContext.prototype as unknown as {
      decodeAudioData: (this: BaseAudioContext, ...args: unknown[]) => Promise<AudioBuffer>;
    };
    const original = proto.decodeAudioData;
    proto.decodeAudioData = function (...args) {
      w.__decodes += 1;
      return original.apply(this, args);
    };
  });
}

/** How many decodes the page has asked for since countAudioDecodes. */
export function audioDecodes(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __decodes: number }).__decodes);
}

/** Opens a recording's row in the list (its player shows), unless it is open already. */
export async function openRow(row: Locator) {
  const toggle = row.getByRole('heading').getByRole('button');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** Picks `action` («Изменить», «Скачать», «Удалить») in a recording row's «⋯» menu. */
export async function rowAction(page: Page, row: Locator, action: string) {
  await row.getByRole('button', { name: /^Действия: / }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
