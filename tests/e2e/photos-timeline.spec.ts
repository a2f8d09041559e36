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

  // The rows are justified by each photo's shape: one still being processed has none yet and stands square, so
  // the row is measured once all twelve are ready.
  await expect(page.getByTestId('photo-processing')).toHaveCount(0, { timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => firstRow(page)).toBe(3);
  const tile = await page.getByTestId('photo-tile').first().boundingBox();
  expect(tile!.width).toBeGreaterThan(100);
});

test('a tile’s star: always on a starred photo, on another only while the tile is pointed at or focused', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerAndLogin(page);
  await page.goto('/photos');
  await page.getByLabel('Выбрать фотографии').setInputFiles((await twelve()).slice(0, 2));
  await expect(page.getByTestId('photo-tile')).toHaveCount(2, { timeout: 60_000 });
  const [first, second] = [0, 1].map((n) => page.getByTestId('photo-tile').nth(n));
  const starOf = (tile: typeof first) => tile!.locator('..').getByTestId('favorite-button');

  // Pointed at nothing: no star over the pictures.
  await page.mouse.move(5, 795);
  await expect(starOf(first)).toHaveCSS('opacity', '0');
  await expect(starOf(second)).toHaveCSS('opacity', '0');

  // Pointed at, the tile shows its star; starred, the star stays when the pointer leaves.
  await first!.hover();
  await expect(starOf(first)).toHaveCSS('opacity', '1');
  await starOf(first).click();
  await expect(starOf(first)).toHaveAttribute('aria-pressed', 'true');
  // Starred reads as starred: amber, not the white of the other tile's outline star.
  const colorOf = (tile: typeof first) => starOf(tile).evaluate((star) => getComputedStyle(star).color);
  expect(await colorOf(second)).toBe('rgb(255, 255, 255)');
  await expect.poll(() => colorOf(first)).not.toBe('rgb(255, 255, 255)');
  await page.mouse.move(5, 795);
  await expect(starOf(first)).toHaveCSS('opacity', '1');
  await expect(starOf(second)).toHaveCSS('opacity', '0');

  // The keyboard finds it too: the focus on a tile shows its star.
  await second!.focus();
  await expect(starOf(second)).toHaveCSS('opacity', '1');
});
