import { expect, test } from '@playwright/test';
import { apiLogin, freshEmail, registerAndLogin, registerVerified, storeTokens } from './support/auth';

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  const user = await registerVerified(page.request);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill('неправильный-пароль');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.locator('#main').getByRole('alert')).toHaveText('Неверный email или пароль');
  await expect(page).toHaveURL(/\/login\/?$/);
});

test('login form validation shows Russian messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Обязательное поле')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Email' }).fill('не-почта');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Введите корректный email')).toBeVisible();
});

test('an unconfirmed e-mail offers to go to confirmation, where a wrong code shows the server message', async ({ page }) => {
  const email = freshEmail('unconfirmed');
  const password = 'пароль-неподтв-1';
  const res = await page.request.post('/api/auth/register/', {
    data: { first_name: 'И', last_name: 'Ф', email, password, password2: password, username: `u_${Date.now()}` },
  });
  expect(res.status()).toBe(201);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Ваш email не подтвержден. Пожалуйста, подтвердите ваш email.')).toBeVisible();
  await page.getByRole('button', { name: 'Перейти к подтверждению' }).click();
  await expect(page).toHaveURL(/\/verify-email\/?$/);
  await expect(page.getByText(email)).toBeVisible();

  await page.getByLabel('Код подтверждения').fill('12');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Код должен состоять из 6 цифр')).toBeVisible();

  await page.getByLabel('Код подтверждения').fill('000000');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  // The server's own words (detail), not the generic fallback.
  const alert = page.locator('#main').getByRole('alert');
  await expect(alert).toHaveText(/код/i);
  await expect(alert).not.toHaveText('Ошибка при подтверждении email');
  await expect(page).toHaveURL(/\/verify-email\/?$/);
});

test('resend on /verify-email without a known address says Email не найден', async ({ page }) => {
  await page.goto('/verify-email');
  // The button is in the exported HTML before the app has taken it over; it waits (disabled) until then.
  await page.getByRole('button', { name: 'Отправить код повторно' }).click();
  await expect(page.getByText('Email не найден')).toBeVisible();
});

test('resend on /verify-email sends a new code to the pending address', async ({ page }) => {
  const email = freshEmail('resend');
  await page.goto('/');
  await page.evaluate((e) => localStorage.setItem('pendingVerificationEmail', e), email);
  await page.goto('/verify-email');
  await page.getByRole('button', { name: 'Отправить код повторно' }).click();
  await expect(page.getByText('Новый код отправлен на ваш email')).toBeVisible();
});

test('registering an e-mail that already exists shows the spec message', async ({ page }) => {
  const user = await registerVerified(page.request);
  await page.goto('/register');
  await page.getByLabel('Имя', { exact: true }).fill('Пётр');
  await page.getByLabel('Фамилия').fill('Сидоров');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill('какой-то-пароль');
  await page.getByLabel('Повторите пароль').fill('другой-пароль');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await page.getByLabel('Повторите пароль').fill('какой-то-пароль');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.locator('#main').getByRole('alert')).toHaveText('Пользователь с таким email уже существует');
  await expect(page).toHaveURL(/\/register\/?$/);
});

test('an expired access token is refreshed transparently and the profile loads', async ({ page }) => {
  const user = await registerAndLogin(page, { firstName: 'Обновлённый' });
  const tokens = await apiLogin(page.request, user);
  await storeTokens(page, { access: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjoxfQ.invalid', refresh: tokens.refresh });
  await page.goto('/profile');
  await expect(page.getByLabel('Имя', { exact: true })).toHaveValue('Обновлённый');
  const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')]);
  expect(stored[0]).not.toContain('invalid');
  expect(stored[1]).not.toBe(tokens.refresh);

  // Mid-session: the access token goes bad while the page is open; the next call refreshes once.
  await page.evaluate(() => localStorage.setItem('token', 'garbage'));
  let refreshes = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/token/refresh/')) refreshes += 1;
  });
  await page.getByLabel('Фамилия').fill('Новая');
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByText('Профиль успешно обновлен')).toBeVisible();
  expect(refreshes).toBe(1);
  await expect(page).toHaveURL(/\/profile\/?$/);
});

test('a session whose refresh token is dead ends on /login with tokens cleared', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Профиль' })).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('token', 'garbage');
    localStorage.setItem('refreshToken', 'also-garbage');
  });
  // The save meets the dead tokens, unless a background refetch of the page meets them first: either ends the session.
  const edit = async () => {
    await page.getByLabel('Фамилия').fill('Другая');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  };
  await Promise.race([edit().catch(() => undefined), page.waitForURL(/\/login\/?$/)]);
  await expect(page).toHaveURL(/\/login\/?$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
});

test('the social buttons of providers not switched on log a message and say the sign-in is not available yet', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await page.goto('/login');
  await page.getByRole('button', { name: 'VK ID' }).click();
  await expect(page.getByText('Вход через VK ID пока недоступен')).toBeVisible();
  await page.getByRole('button', { name: 'Яндекс' }).click();
  await expect(page.getByText('Вход через Яндекс пока недоступен')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/?$/);
  await expect.poll(() => logs.filter((l) => /VK ID|Яндекс/.test(l)).length).toBe(2);
});
