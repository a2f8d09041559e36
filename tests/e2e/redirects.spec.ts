import { expect, test } from '@playwright/test';
import { registerAndLogin } from './support/auth';

const PROTECTED = ['/profile', '/audio', '/photos', '/video', '/trash'];
const GUEST_ONLY = ['/login', '/register', '/verify-email', '/forgot-password', '/reset-password?token=abc'];

for (const path of PROTECTED) {
  test(`redirects a guest from ${path} to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\/?$/);
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
  });
}

test('a guest opening /reset-password without a token goes to /forgot-password', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/forgot-password\/?$/);
  await expect(page.getByRole('heading', { name: 'Восстановление пароля' })).toBeVisible();
});

test('a guest sees the reset form when the token is given', async ({ page }) => {
  await page.goto('/reset-password?token=abc');
  await expect(page.getByRole('heading', { name: 'Новый пароль' })).toBeVisible();
});

test('a guest sees the log-in prompt on home and the guest drawer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Войдите, чтобы получить доступ к функциям Копилки' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
  for (const [title, text] of [
    ['Аудио', 'Записывайте и храните важные аудиозаписи'],
    ['Фото', 'Загружайте и храните важные фотографии'],
    ['Видео', 'Записывайте и храните важные видео'],
  ] as const) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
  }
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Копилка`);
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const nav = page.getByRole('navigation', { name: 'Основное меню' });
  await expect(nav.getByRole('link')).toHaveText(['Главная', 'Войти', 'Регистрация']);
  await nav.getByRole('link', { name: 'Регистрация' }).click();
  await expect(page).toHaveURL(/\/register\/?$/);
});

test('logged-in users are sent from every guest-only route to / and reach every protected route', async ({ page }) => {
  test.setTimeout(90_000);
  await registerAndLogin(page);
  for (const path of GUEST_ONLY) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/$/);
  }
  for (const path of PROTECTED) {
    await page.goto(path);
    await expect(page, `stays on ${path}`).toHaveURL(new RegExp(`${path}/?$`));
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Войдите, чтобы получить доступ к функциям Копилки' })).toHaveCount(0);
});

test('an unknown path shows the 404 page with a button home', async ({ page }) => {
  const res = await page.goto('/no-such-page/here');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await page.getByRole('link', { name: 'На главную' }).click();
  await expect(page).toHaveURL(/\/$/);
});
