import { expect, test } from '@playwright/test';

test('the home page is served on one origin with the product name', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Копилка' }).first()).toBeVisible();
  await expect(page).toHaveTitle(/Копилка/);
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('Страница не найдена')).toBeVisible();
  await page.getByRole('link', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/$/);
});
