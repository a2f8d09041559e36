import { expect, test, type Browser } from '@playwright/test';
import { apiLogin, registerVerified } from './support/auth';
import { realisticPhotos } from './support/photo-library';
import { uploadPhoto } from './support/photos';

/**
 * An album's photo tiles carry their «⋯» as the star and the check mark: out of sight until the tile is pointed
 * at or holds the focus (no dark disc on every tile), always there on a touch screen, where nothing is pointed at.
 */

let tokens: { access: string; refresh: string };
let albumId: number;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const user = await registerVerified(request);
  tokens = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${tokens.access}` };
  const items: { kind: string; id: number }[] = [];
  for (const photo of (await realisticPhotos()).slice(0, 3))
    items.push({ kind: 'photo', id: await uploadPhoto(request, tokens.access, photo.title, photo.jpeg) });
  const made = await request.post('/api/albums/', { headers, data: { title: 'Дача' } });
  albumId = ((await made.json()) as { id: number }).id;
  expect((await request.post(`/api/albums/${albumId}/items/`, { headers, data: { items } })).status()).toBe(200);
  await request.dispose();
});

async function albumPage(browser: Browser, options: { viewport: { width: number; height: number }; hasTouch?: boolean }) {
  const context = await browser.newContext(options);
  await context.addInitScript((t) => {
    localStorage.setItem('token', t.access);
    localStorage.setItem('refreshToken', t.refresh);
  }, tokens);
  const page = await context.newPage();
  await page.goto('/albums');
  await page.getByTestId('album-card').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Дача' })).toBeVisible();
  await expect(page.getByTestId('photo-tile')).toHaveCount(3);
  return page;
}

test('at 1280×800 an album tile’s «⋯» shows only while the tile is pointed at or focused', async ({ browser }) => {
  const page = await albumPage(browser, { viewport: { width: 1280, height: 800 } });
  const menus = page.getByRole('button', { name: /^Действия: / });
  await expect(menus).toHaveCount(3);
  await page.mouse.move(0, 0);
  for (const menu of await menus.all()) await expect(menu).toHaveCSS('opacity', '0');

  // Pointed at: that tile's «⋯» only.
  await page.getByTestId('photo-tile').nth(1).hover();
  await expect(menus.nth(1)).toHaveCSS('opacity', '1');
  await expect(menus.nth(0)).toHaveCSS('opacity', '0');

  // Reached by keyboard: shown while it holds the focus, and it opens the tile's actions.
  await page.mouse.move(0, 0);
  await menus.nth(2).focus();
  await expect(menus.nth(2)).toHaveCSS('opacity', '1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Сделать обложкой' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.context().close();
});

test('at 390×844 on a touch screen every album tile shows its «⋯», a target of 44 px', async ({ browser }) => {
  const page = await albumPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  const menus = page.getByRole('button', { name: /^Действия: / });
  for (const menu of await menus.all()) {
    await expect(menu).toHaveCSS('opacity', '1');
    const box = (await menu.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }
  await page.context().close();
});
