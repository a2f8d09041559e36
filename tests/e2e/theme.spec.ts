import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, registerAndLogin } from './support/auth';
import { makeToneMp3, openRow, uploadAudio } from './support/audio';

/**
 * A screenshot as soon as there is one: right after a navigation is committed the page may have no frame
 * to capture yet (Chromium answers "Unable to capture screenshot"), so the first that can be taken.
 */
async function firstPicture(page: Page): Promise<Buffer> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await page.screenshot();
    } catch (e) {
      if (tries >= 50 || !/Unable to capture screenshot/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** The mean brightness (0–255) of the top half of a screenshot taken now. */
async function brightness(page: Page): Promise<number> {
  const png = await firstPicture(page);
  const { width, height } = await sharp(png).metadata();
  const stats = await sharp(png)
    .extract({ left: 0, top: 0, width, height: Math.floor(height / 2) })
    .greyscale()
    .stats();
  return stats.channels[0]!.mean;
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));
const background = (page: Page, selector = 'body') =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

const DARK_CANVAS = 'rgb(17, 19, 23)';
const DARK_SURFACE = 'rgb(24, 27, 32)';

test('light by default; «Тёмная» turns every screen dark, the choice survives a reload with no light first frame', async ({ page }) => {
  test.setTimeout(150_000);
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  await uploadAudio(page.request, access, 'Тёмная запись', makeToneMp3(3));

  await page.goto('/audio');
  // The list drawn, not only the skeleton's heading: the menu is opened on a page that has stopped changing (a
  // click on «Тёмная» while the screen was still replacing the skeleton was lost on a busy machine).
  await expect(page.getByRole('article', { name: 'Тёмная запись', exact: true })).toBeVisible();
  expect(await theme(page)).toBe('light');
  expect(await brightness(page)).toBeGreaterThan(200);

  await page.getByRole('button', { name: /Меню пользователя/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Тёмная' }).click();
  expect(await theme(page)).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect.poll(() => background(page)).toBe(DARK_CANVAS);
  // The waveform (drawn once a row is opened) takes the dark palette's colours too.
  await openRow(page.getByRole('article', { name: 'Тёмная запись', exact: true }));
  await expect(page.locator('[data-testid="waveform"][data-ready="true"]').first()).toBeVisible({ timeout: 20_000 });

  // Each screen, loaded afresh: its very first picture is already dark.
  for (const path of ['/', '/audio', '/photos', '/video', '/trash', '/profile', '/no-such-page']) {
    await page.goto(path, { waitUntil: 'commit' });
    expect(await brightness(page), `${path}: the first frame`).toBeLessThan(60);
    await page.waitForLoadState('load');
    expect(await theme(page), path).toBe('dark');
    expect(await background(page), path).toBe(DARK_CANVAS);
  }

  // Dialogs, the recorder and the snackbars are drawn from the same palette.
  await page.goto('/audio');
  await page.getByRole('button', { name: 'Записать аудио' }).click();
  const recorder = page.getByRole('dialog', { name: 'Запись аудио' });
  await expect(recorder.getByRole('heading', { name: 'Запись аудио' })).toBeVisible();
  expect(await recorder.locator('[id^="headlessui-dialog-panel"]').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    DARK_SURFACE,
  );
  expect(await brightness(page)).toBeLessThan(60);
});

test('guests get the theme from the drawer; «Как в системе» follows the system and its changes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  // The default is light, whatever the system says (the spec's default theme).
  expect(await theme(page)).toBe('light');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await page.getByRole('button', { name: 'Как в системе' }).click();
  expect(await theme(page)).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => theme(page)).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => theme(page)).toBe('dark');

  await page.reload({ waitUntil: 'commit' });
  expect(await brightness(page)).toBeLessThan(60);
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  expect(await background(page)).toBe(DARK_CANVAS);
});
