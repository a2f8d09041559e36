import { expect, test, type Locator } from '@playwright/test';
import { expectAccessible, GUEST_SCREENS } from './support/a11y';
import { registerAndLogin } from './support/auth';

test('guest screens are accessible', async ({ page }) => {
  for (const [path, heading] of GUEST_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    await expectAccessible(page, path);
  }
});

test('the exported guest pages are accessible before any of their code runs', async ({ browser }) => {
  // What a slow phone shows first: the page as exported, scripts not yet run. Headless UI's focus sentinel
  // (a focusable button marked aria-hidden) was in the login and password-reset pages' tabs.
  const context = await browser.newContext();
  await context.route('**/_next/static/**/*.js', (route) => route.abort());
  const page = await context.newPage();
  for (const [path, heading] of [
    ['/', 'Копилка'],
    ['/login', 'Вход'],
    ['/register', 'Регистрация'],
    ['/forgot-password', 'Восстановление пароля'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    await expectAccessible(page, `${path} before its code runs`);
  }
  await context.close();
});

test('form errors, the phone tab and the open drawer are accessible', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Обязательное поле').first()).toBeVisible();
  await expectAccessible(page, '/login with errors');
  await page.getByRole('tab', { name: 'Телефон' }).click();
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toBeVisible();
  await expectAccessible(page, '/login phone tab');
  await page.goto('/register');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Обязательное поле').first()).toBeVisible();
  await expectAccessible(page, '/register with errors');
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeVisible();
  await expectAccessible(page, 'drawer');
});

test('logged-in screens and dialogs are accessible, also at 320 px', async ({ page }) => {
  await registerAndLogin(page);
  for (const [path, heading] of [
    ['/', 'Здравствуйте, Тест'], // the signed-in home greets its owner (registerAndLogin's first name)
    ['/profile', 'Профиль'],
    ['/photos', 'Мои фотографии'],
    ['/video', 'Мои видео'],
    ['/trash', 'Корзина'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    await expectAccessible(page, path);
  }
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
  await expect(page.getByRole('dialog', { name: 'Удалить аккаунт?' })).toBeVisible();
  await expectAccessible(page, 'delete-account dialog');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Профиль', exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scrolling at 320 px').toBeLessThanOrEqual(0);
  await expectAccessible(page, '/profile at 320 px');
});

test('the drawer takes the focus to the current page and gives it back; its buttons are 40 px targets', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Открыть меню' });
  const side = async (l: Locator) => {
    const box = await l.boundingBox();
    return box ? Math.min(box.width, box.height) : 0;
  };
  expect(await side(menu), 'menu button target').toBeGreaterThanOrEqual(40);
  await menu.click();
  const nav = page.getByRole('navigation', { name: 'Основное меню' });
  await expect(nav.getByRole('link', { name: 'Главная' })).toBeFocused();
  expect(await side(page.getByRole('button', { name: 'Закрыть меню' })), 'close button target').toBeGreaterThanOrEqual(40);
  await page.keyboard.press('Escape');
  await expect(nav).toHaveCount(0);
  await expect(menu).toBeFocused();
});

test('guest screens fit 320 px without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const [path, heading] of GUEST_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path}: no horizontal scrolling at 320 px`).toBeLessThanOrEqual(0);
  }
});
