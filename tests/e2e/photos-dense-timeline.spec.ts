import { expect, test, type Page } from '@playwright/test';
import { seedLibraryAccount, signedInPage } from './support/photo-library';

/**
 * The timeline as dense as Immich's and Google Photos': justified rows that keep each photo's shape, days short of
 * a row side by side, no file names over the pictures, and the scrubber's labels clear of every button. Measured on
 * a realistic library (40 photos in four shapes over three years on 29 days): at 1280×800 the review counted two
 * whole photos in view mid-timeline; 15 or more are wanted, and 9 or more at 390×844.
 */

let tokens: { access: string; refresh: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  tokens = await seedLibraryAccount(playwright, testInfo.project.use.baseURL);
});

/** The photos wholly in view: between the top bar and the bottom of the screen (above the phone's bottom bar). */
function wholeInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const top = document.querySelector('header')!.getBoundingClientRect().bottom;
    const bar = document.querySelector('nav[aria-label="Разделы"]');
    const bottom = bar && bar.getBoundingClientRect().height > 0 ? bar.getBoundingClientRect().top : window.innerHeight;
    return Array.from(document.querySelectorAll('[data-testid="photo-tile"]')).filter((tile) => {
      const r = tile.getBoundingClientRect();
      return r.width > 0 && r.top >= top - 0.5 && r.bottom <= bottom + 0.5 && r.left >= -0.5 && r.right <= window.innerWidth + 0.5;
    }).length;
  });
}

/** Scrolls to the middle of the timeline, and waits for the months to come and the page to rest. */
async function toMiddle(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
  await page.waitForTimeout(1500);
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const { name, viewport, whole } of [
  { name: '1280×800', viewport: { width: 1280, height: 800 }, whole: 15 },
  { name: '390×844', viewport: { width: 390, height: 844 }, whole: 9 },
]) {
  test(`at ${name}: justified rows in each photo's shape, days side by side, ${whole}+ whole photos in view mid-timeline`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const page = await signedInPage(browser, viewport, tokens);
    await page.goto('/photos');
    const tiles = page.getByTestId('photo-tile');
    await expect(tiles.first().getByRole('img')).toBeVisible();

    // No file names over the pictures: a tile shows its photo and nothing written.
    await expect(tiles.first()).toHaveText('');
    expect(await tiles.evaluateAll((all) => all.filter((t) => (t as HTMLElement).innerText.trim() !== '').length)).toBe(0);

    await toMiddle(page);
    const count = await wholeInView(page);
    console.log(`${name}: ${count} whole photos in view mid-timeline`);
    expect(count).toBeGreaterThanOrEqual(whole);

    // Each photo in its shape: the tiles in view are landscape, portrait and panorama boxes, not squares.
    const shapes = await tiles.evaluateAll((all) =>
      all
        .map((t) => t.getBoundingClientRect())
        .filter((r) => r.bottom > 0 && r.top < window.innerHeight)
        .map((r) => r.width / r.height),
    );
    expect(Math.min(...shapes)).toBeLessThan(0.9);
    expect(Math.max(...shapes)).toBeGreaterThan(1.2);

    // Days short of a row share one: two day headings side by side somewhere in the timeline.
    await page.evaluate(() => window.scrollTo(0, 0));
    const sideBySide = await page.evaluate(async () => {
      const seen = new Set<number>();
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const tops = Array.from(document.querySelectorAll('h2[data-day]')).map((h) =>
          Math.round(h.getBoundingClientRect().top + window.scrollY),
        );
        for (const top of tops) if (tops.filter((t) => t === top).length > 1) seen.add(top);
      }
      return seen.size;
    });
    expect(sideBySide).toBeGreaterThan(0);
    await page.context().close();
  });
}

test('at 1280×800 the scrubber’s labels stand clear of the screen’s buttons and of the selection bar', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, { width: 1280, height: 800 }, tokens);
  await page.goto('/photos');
  await expect(page.getByTestId('photo-tile').first().getByRole('img')).toBeVisible();
  const scrubber = page.getByRole('navigation', { name: 'Шкала времени' });
  await expect(scrubber).toBeVisible();
  const buttons = page.locator('main').getByRole('button').filter({ visible: true });
  const clear = async () => {
    const nav = (await scrubber.boundingBox())!;
    for (const box of await buttons.evaluateAll((all) =>
      all
        .filter((b) => !b.closest('[data-testid="timeline-scrubber"]') && !b.closest('[data-testid="media-tiles"]'))
        .map((b) => {
          const r = b.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height, name: b.getAttribute('aria-label') ?? b.textContent };
        }),
    )) {
      expect(overlap(nav, box), `the scrubber over «${box.name}»`).toBe(false);
    }
  };
  // At the top: «Загрузить фотографии», the search and the sort are clear of it.
  await expect(page.getByRole('button', { name: 'Загрузить фотографии' })).toBeVisible();
  await clear();

  // Selecting, scrolled down: the selection bar sticks under the top bar, with «В корзину» at the right.
  await page.getByTestId('photo-tile').first().hover();
  await page
    .getByRole('checkbox', { name: /^Выбрать: / })
    .first()
    .click();
  await expect(page.getByTestId('selection-bar')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
  await page.waitForTimeout(300);
  await expect(page.getByRole('button', { name: 'В корзину' })).toBeInViewport();
  await clear();
  await page.context().close();
});

test('at 390×844 the month’s name shows while the timeline scrolls and leaves the photos once it rests', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await signedInPage(browser, { width: 390, height: 844 }, tokens);
  await page.goto('/photos');
  await expect(page.getByTestId('photo-tile').first().getByRole('img')).toBeVisible();
  const month = page.getByTestId('timeline-month');
  await page.mouse.move(200, 500);
  await page.mouse.wheel(0, 400);
  await expect(month).toHaveCSS('opacity', '1');
  await expect(month).toHaveText(/^[А-Я][а-я]+ \d{4}$/);
  // At rest it covers no photo.
  await expect(month).toHaveCSS('opacity', '0', { timeout: 5_000 });
  await page.context().close();
});

test('the viewer’s «Сведения» name the file, the camera, the lens, the exposure and the zone, in one date style', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await signedInPage(browser, { width: 1280, height: 800 }, tokens);
  await page.goto('/photos');
  // The newest photo of the library: «Обед 1», taken today with the +03:00 offset.
  await page.getByRole('img', { name: 'Обед 1', exact: true }).click();
  const viewer = page.getByRole('dialog', { name: 'Просмотр фотографии' });
  await viewer.getByRole('button', { name: 'Сведения' }).click();
  const info = viewer.getByRole('complementary', { name: 'Сведения' });
  const fact = (term: string) => info.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Файл')).toHaveText('Обед 1.jpg');
  await expect(fact('Камера')).toHaveText('Apple iPhone 13');
  await expect(fact('Объектив')).toHaveText('iPhone 13 back dual wide camera 5.1mm f/1.6');
  await expect(fact('Экспозиция')).toHaveText('ƒ/1,6 · 1/125\u00a0с · ISO\u00a0100 · 5,1\u00a0мм');
  await expect(fact('Часовой пояс')).toHaveText('UTC+03:00');
  // One date style: «28 ноября 2026 г. в 18:00», taken and uploaded alike.
  for (const term of ['Снято', 'Загружено']) await expect(fact(term)).toHaveText(/^\d{1,2} [а-я]+ \d{4} г\. в \d{2}:\d{2}$/);
  await page.context().close();
});
