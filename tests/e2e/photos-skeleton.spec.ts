import { expect, test } from '@playwright/test';
import { apiLogin, registerVerified } from './support/auth';
import { realisticPhotos } from './support/photo-library';
import { uploadPhoto } from './support/photos';

/**
 * A cold /photos paints the page's skeleton — its heading, its toolbar's blocks, grey rows of photos — from the
 * exported page's first bytes, not a lone spinner; the screen then takes its place without moving the heading.
 */
test('a cold /photos shows its skeleton from the first paint, and the screen replaces it in place', async ({
  page,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  // The exported page itself carries the skeleton (what paints before any script runs).
  const html = await (await page.request.get('/photos/')).text();
  expect(html).toContain('data-testid="screen-skeleton"');
  expect(html).toContain('Мои фотографии');

  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const user = await registerVerified(request);
  const tokens = await apiLogin(request, user);
  for (const photo of (await realisticPhotos()).slice(0, 6)) await uploadPhoto(request, tokens.access, photo.title, photo.jpeg);
  await request.dispose();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript((t) => {
    localStorage.setItem('token', t.access);
    localStorage.setItem('refreshToken', t.refresh);
  }, tokens);
  // A slow network: every API answer waits 1.5 s, as a cold load on a phone's connection does.
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/photos', { waitUntil: 'commit' });
  const skeleton = page.getByTestId('screen-skeleton');
  await expect(skeleton).toBeVisible({ timeout: 1000 });
  await expect(skeleton.getByRole('heading', { level: 1, name: 'Мои фотографии' })).toBeVisible();
  await expect(skeleton.getByTestId('list-skeleton')).toBeVisible();
  // No lone spinner while it waits.
  await expect(page.locator('.animate-spin')).toHaveCount(0);
  const before = (await page.getByRole('heading', { level: 1, name: 'Мои фотографии' }).boundingBox())!;

  await expect(page.getByTestId('photo-tile').first().getByRole('img')).toBeVisible({ timeout: 30_000 });
  await expect(skeleton).toHaveCount(0);
  const after = (await page.getByRole('heading', { level: 1, name: 'Мои фотографии' }).boundingBox())!;
  expect(Math.abs(after.y - before.y)).toBeLessThan(2);
  expect(Math.abs(after.x - before.x)).toBeLessThan(2);
});
