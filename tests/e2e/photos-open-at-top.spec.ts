import { expect, test, type Page } from '@playwright/test';
import { seedLibraryAccount, signedInPage } from './support/photo-library';

/**
 * «Фото» opens at its top: the heading, «Загрузить фотографии» and the first row in view, the page not scrolled —
 * from a cold load and from the navigation alike, on a laptop and on a phone. The virtual grid's scroll anchoring
 * (components/media/collection/virtual-tiles.tsx) once replayed the grid's offset under the header as a jump when
 * the months arrived, and the screen opened 302 px (1280) or 498 px (390) past its own header.
 */

const SIZES = [
  { name: '1280×800', viewport: { width: 1280, height: 800 } },
  { name: '390×844', viewport: { width: 390, height: 844 } },
] as const;

let tokens: { access: string; refresh: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  tokens = await seedLibraryAccount(playwright, testInfo.project.use.baseURL);
});

/** The screen is at its top, and stays there once its months and thumbnails have come. */
async function expectAtTop(page: Page): Promise<void> {
  await expect(page.getByTestId('photo-tile').first().getByRole('img')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The months come a moment after the first tiles: give the grid's anchoring its chance to move the page.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Мои фотографии' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Загрузить фотографии' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('photo-tile').first()).toBeInViewport();
}

for (const { name, viewport } of SIZES) {
  test(`at ${name} «Фото» opens at its top, from a cold load and from the navigation`, async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await signedInPage(browser, viewport, tokens);
    await page.goto('/photos');
    await expectAtTop(page);

    // From another section, through the sidebar (the bottom bar on a phone).
    await page.goto('/audio');
    await expect(page.getByRole('heading', { level: 1, name: 'Мои аудиозаписи' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: viewport.width < 1024 ? 'Разделы' : 'Основное меню' });
    await nav.getByRole('link', { name: 'Фото', exact: true }).click();
    await expect(page).toHaveURL(/\/photos\/?$/);
    await expectAtTop(page);
    await page.context().close();
  });
}
