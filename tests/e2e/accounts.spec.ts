import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { freshEmail, registerAndLogin } from './support/auth';
import { lastCodeTo, lastResetLinkTo } from './support/outbox';

async function loginViaUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  // The form went with the page: the focus is on the home's heading, not on <body>.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
}

async function logoutViaUi(page: Page) {
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
  await expect(page.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

test('a new visitor registers, confirms, edits the profile, manages the photo and password, resets it and deletes the account', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = freshEmail('flow');
  const password = 'первый-пароль-1';

  // Register in the UI
  await page.goto('/');
  await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/register\/?$/);
  await page.getByLabel('Имя', { exact: true }).fill('Анна');
  await page.getByLabel('Фамилия').fill('Петрова');
  await expect(page.getByLabel('Телефон (необязательно)')).toHaveAttribute('placeholder', '+7 (999) 123-45-67');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByLabel('Повторите пароль').fill(password);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Регистрация прошла успешно!')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBe(email);

  // …1.5 s later on /verify-email with the pending address shown
  await expect(page).toHaveURL(/\/verify-email\/?$/);
  await expect(page.getByText(email)).toBeVisible();
  const code = await lastCodeTo(email);
  await page.getByLabel('Код подтверждения').fill(code);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email успешно подтвержден' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingVerificationEmail'))).toBeNull();
  await expect(page).toHaveURL(/\/login\/?$/);

  // Log in
  await loginViaUi(page, email, password);
  await expect(page.getByRole('link', { name: 'Аудио' }).first()).toBeVisible();

  // The sidebar shows the logged-in items
  const nav = page.getByRole('navigation', { name: 'Основное меню' });
  for (const label of ['Главная', 'Профиль', 'Аудио', 'Фото', 'Видео']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Профиль' }).click();
  await expect(page).toHaveURL(/\/profile\/?$/);

  // Edit the profile
  await expect(page.getByLabel('Имя', { exact: true })).toHaveValue('Анна');
  await page.getByLabel('Имя', { exact: true }).fill('Мария');
  await page.getByRole('textbox', { name: 'Телефон' }).fill('79991234567');
  // A new phone is a way into the account: the current password confirms it.
  await page.getByRole('region', { name: 'Личные данные' }).getByLabel('Текущий пароль').fill(password);
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByText('Профиль успешно обновлен')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Имя', { exact: true })).toHaveValue('Мария');
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toHaveValue(/^\+79991234567$/);
  await expect(page.getByRole('heading', { name: 'Подтверждение телефона' })).toBeVisible();

  // Upload a photo (a PNG made here) and see it, then delete it
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();
  await page.getByLabel('Выбрать фото').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Предпросмотр нового фото' })).toBeVisible();
  await page.getByRole('button', { name: 'Загрузить фото' }).click();
  await expect(page.getByText('Фото профиля обновлено')).toBeVisible();
  // The upload button is gone with the file: the picker has the focus, not the page.
  await expect(page.getByLabel('Выбрать другое фото')).toBeFocused();
  const avatar = page.getByRole('img', { name: 'Фото профиля' });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /[?&]t=\d+/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  await page.getByRole('button', { name: 'Удалить фото' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Фото профиля удалено')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Фото не загружено' })).toBeVisible();
  await expect(page.getByLabel('Выбрать фото')).toBeFocused();

  // Change the password: a wrong current password first
  const password2 = 'второй-пароль-2';
  // The e-mail form above has a «Текущий пароль» of its own: this one is the password change's.
  const oldPassword = page.getByRole('region', { name: 'Смена пароля' }).getByLabel('Текущий пароль');
  await oldPassword.fill('не-тот-пароль');
  await page.getByLabel('Новый пароль', { exact: true }).fill(password2);
  await page.getByLabel('Повторите новый пароль').fill(password2);
  await page.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /парол/i }).first()).toBeVisible();
  await oldPassword.fill(password);
  await page.getByRole('button', { name: 'Изменить пароль' }).click();
  await expect(page.getByText('Пароль успешно изменен')).toBeVisible();
  // Still logged in with the tokens the change returned
  await page.reload();
  await expect(page.getByLabel('Имя', { exact: true })).toHaveValue('Мария');

  // Log out and in again with the new password
  await logoutViaUi(page);
  await loginViaUi(page, email, password2);
  await logoutViaUi(page);

  // Forgot password → the e-mailed link → a new password
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/?$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Отправить инструкции' }).click();
  await expect(page.getByText('Инструкции по восстановлению пароля отправлены на ваш email')).toBeVisible();
  const link = new URL(await lastResetLinkTo(email));
  await page.goto(`${link.pathname}${link.search}`);
  const password3 = 'третий-пароль-3';
  await page.getByLabel('Новый пароль').fill(password3);
  await page.getByLabel('Подтверждение пароля').fill('не-совпадает-3');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await page.getByLabel('Подтверждение пароля').fill(password3);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('Пароль успешно изменён')).toBeVisible();
  await expect(page).toHaveURL(/\/login\/?$/);
  await loginViaUi(page, email, password3);

  // Delete the account: wrong password first, then the right one
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
  const dialog = page.getByRole('dialog', { name: 'Удалить аккаунт?' });
  await expect(dialog.getByLabel('Пароль')).toBeFocused();
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Удалить аккаунт' })).toBeFocused();
  await page.getByRole('button', { name: 'Удалить аккаунт' }).click();
  await dialog.getByLabel('Пароль').fill('совсем-не-тот');
  await dialog.getByRole('button', { name: 'Удалить навсегда' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/?$/);
  await dialog.getByLabel('Пароль').fill(password3);
  await dialog.getByRole('button', { name: 'Удалить навсегда' }).click();
  await expect(page.getByText('Аккаунт успешно удалён')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])).toEqual([null, null]);

  // The account is gone
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password3);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Неверный email или пароль')).toBeVisible();
});

test('the profile is three groups whose links stay in view, with the e-mail shown once', async ({ page }) => {
  const user = await registerAndLogin(page);
  await page.goto('/profile');
  const nav = page.getByRole('navigation', { name: 'Разделы профиля' });
  await expect(nav.getByRole('link')).toHaveText(['Аккаунт', 'Безопасность', 'Хранилище']);
  for (const group of ['Аккаунт', 'Безопасность', 'Хранилище']) {
    await expect(page.getByRole('heading', { name: group, level: 2, exact: true })).toBeAttached();
  }
  await expect(page.getByRole('region', { name: 'Смена пароля' })).toBeAttached();
  await expect(page.getByText('Текущий адрес:')).toBeVisible();
  expect((await page.locator('main').innerText()).split(user.email).length - 1, 'the e-mail is shown once').toBe(1);

  const storage = nav.getByRole('link', { name: 'Хранилище' });
  await storage.click();
  await expect(storage).toHaveAttribute('aria-current', 'location');
  await expect(page.getByRole('heading', { name: 'Место', level: 3 })).toBeInViewport();
  await expect(nav).toBeInViewport();

  // On a phone the links are a row that stays under the top bar.
  await page.setViewportSize({ width: 390, height: 844 });
  await nav.getByRole('link', { name: 'Безопасность' }).click();
  await expect(nav.getByRole('link', { name: 'Безопасность' })).toHaveAttribute('aria-current', 'location');
  await expect(page.getByRole('heading', { name: 'Смена пароля', level: 3 })).toBeInViewport();
  const box = (await nav.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(56 - 1);
  expect(box.y).toBeLessThan(60);
});
