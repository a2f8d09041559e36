import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { registerAndLogin } from './support/auth';

/** Twelve small distinct PNGs (each its own colour, so none is refused as a copy of another). */
const twelve = () =>
  Promise.all(
    Array.from({ length: 12 }, async (_, n) => ({
      name: `photo-${n + 1}.png`,
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20 * n, g: 100, b: 255 - 20 * n } } })
        .png()
        .toBuffer(),
    })),
  );

/** How many tiles sit on the first row of the grid (the same top). */
const firstRow = (page: Page) =>
  page.getByTestId('photo-tile').evaluateAll((tiles) => {
    const tops = tiles.map((t) => Math.round(t.getBoundingClientRect().top));
    return tops.filter((top) => top === tops[0]).length;
  });

test('12 photos: a full-width grid under the day heading, 5+ across at 1280 px and 3 at 390 px, with the month shown', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerAndLogin(page);
  await page.goto('/photos');
  await page.getByLabel('Выбрать фотографии').setInputFiles(await twelve());
  await expect(page.getByText('Загружено: 12 фотографий')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('photo-tile')).toHaveCount(12);

  // Uploaded today (PNGs carry no camera date): one day, «Сегодня», with all twelve under it.
  const today = page.getByRole('list', { name: 'Фотографии: Сегодня' });
  await expect(page.getByRole('heading', { name: 'Сегодня' })).toBeVisible();
  await expect(today.getByTestId('photo-tile')).toHaveCount(12);
  await expect(page.getByTestId('timeline-month')).toHaveText(/^[А-Я][а-я]+ \d{4}$/);

  expect(await firstRow(page)).toBeGreaterThanOrEqual(5);
  // No empty margins: the grid spans the main area's content box.
  const widths = await page.evaluate(() => ({
    grid: document.querySelector('[data-testid="media-tiles"]')!.getBoundingClientRect().width,
    main: document.querySelector('main')!.getBoundingClientRect().width,
  }));
  expect(widths.grid).toBeGreaterThan(widths.main - 80);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => firstRow(page)).toBe(3);
  const tile = await page.getByTestId('photo-tile').first().boundingBox();
  expect(tile!.width).toBeGreaterThan(100);
});
