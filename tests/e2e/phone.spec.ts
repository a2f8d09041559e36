import { expect, test, type Page } from '@playwright/test';
import { confirmPhone, freshPhone, registerAndLogin, registerVerified } from './support/auth';
import { lastCodeTo } from './support/outbox';

const BAD_CODE = 'Неверный или просроченный код';

/** A six-digit code that is certainly not `code`. */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** "+79161234567" as a person types it: "+7 (916) 123-45-67". */
const typed = (phone: string) =>
  `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`;

async function openPhoneTab(page: Page) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Телефон' }).click();
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toBeVisible();
}

test('a user with a verified phone logs in on the Телефон tab with the code from the SMS', async ({ page }) => {
  const phone = freshPhone();
  await confirmPhone(page.request, await registerVerified(page.request, { phone }));

  await openPhoneTab(page);
  const asked = Date.now();
  await page.getByRole('textbox', { name: 'Телефон' }).fill(typed(phone));
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Код отправлен по SMS на номер ${phone}` })).toBeVisible();
  const codeField = page.getByRole('textbox', { name: 'Код из SMS' });
  await expect(codeField).toBeFocused();

  const code = await lastCodeTo(phone, { after: asked });
  // A wrong code first: the server's message, and the user stays a guest on the code step.
  await codeField.fill(otherThan(code));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(BAD_CODE);
  await expect(page).toHaveURL(/\/login\/?$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy();

  // The profile shows the number verified and offers no verification.
  await page.goto('/profile');
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toHaveValue(phone);
  await expect(page.getByText('Телефон подтверждён')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Подтверждение телефона' })).toHaveCount(0);
});

test('phone login: a malformed number is refused in the form, a second request within a minute shows the server message, "Изменить номер" goes back', async ({
  page,
}) => {
  const phone = freshPhone();
  await confirmPhone(page.request, await registerVerified(page.request, { phone }));
  await openPhoneTab(page);

  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText('Обязательное поле')).toBeVisible();
  await page.getByRole('textbox', { name: 'Телефон' }).fill('12-34');
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText('Введите номер телефона в формате +7 (999) 123-45-67')).toBeVisible();

  await page.getByRole('textbox', { name: 'Телефон' }).fill(phone);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByRole('textbox', { name: 'Код из SMS' })).toBeVisible();
  await lastCodeTo(phone);

  await page.getByRole('button', { name: 'Изменить номер' }).click();
  const phoneField = page.getByRole('textbox', { name: 'Телефон' });
  await expect(phoneField).toBeFocused();
  await expect(phoneField).toHaveValue(phone);
  await page.getByRole('button', { name: 'Получить код' }).click();
  // One SMS a minute per number: the form shows the server's own words, still on the number step.
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^Слишком много попыток\. Повторите через \d+ с\.$/);
  await expect(page.getByRole('textbox', { name: 'Код из SMS' })).toHaveCount(0);
});

test('an unverified phone is verified on the profile by SMS code; a changed phone needs the current password, is unverified again and verified anew', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const phone = freshPhone();
  const user = await registerAndLogin(page, { phone });
  await page.goto('/profile');

  const section = page.getByRole('region', { name: 'Подтверждение телефона' });
  await expect(section).toBeVisible();
  await expect(section).toContainText(`Номер ${phone} не подтверждён`);
  await expect(page.getByText('Телефон не подтверждён')).toBeVisible();

  const asked = Date.now();
  await section.getByRole('button', { name: 'Отправить код по SMS' }).click();
  await expect(section.getByRole('status')).toHaveText('Код подтверждения отправлен по SMS');
  const code = await lastCodeTo(phone, { after: asked });

  await section.getByRole('textbox', { name: 'Код из SMS' }).fill(otherThan(code));
  await section.getByRole('button', { name: 'Подтвердить телефон' }).click();
  await expect(section.getByRole('alert')).toHaveText(BAD_CODE);

  await section.getByRole('textbox', { name: 'Код из SMS' }).fill(code);
  await section.getByRole('button', { name: 'Подтвердить телефон' }).click();
  await expect(page.getByText('Телефон успешно подтверждён')).toBeVisible();
  await expect(section).toHaveCount(0);
  await expect(page.getByText('Телефон подтверждён')).toBeVisible();
  // The section is gone; focus stays in the form, on the phone that now says it is verified.
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toBeFocused();
  await page.reload();
  await expect(page.getByText('Телефон подтверждён')).toBeVisible();
  await expect(section).toHaveCount(0);

  // A new number asks for the current password: required, and a wrong one is refused at the field.
  const next = freshPhone();
  const details = page.getByRole('region', { name: 'Личные данные' });
  const password = details.getByLabel('Текущий пароль');
  await expect(password).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Телефон' }).fill(typed(next));
  await expect(password).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(details.getByText('Обязательное поле', { exact: true })).toBeVisible();
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(details.getByText('Неверный пароль', { exact: true })).toBeVisible();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  // With the password: saved, unverified again, and the server has already texted a code to it.
  const changed = Date.now();
  await password.fill(user.password);
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByText('Профиль успешно обновлен')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toHaveValue(next);
  await expect(password).toHaveCount(0);
  await expect(section).toBeVisible();
  await expect(section).toContainText(`Номер ${next} не подтверждён`);
  await expect(page.getByText('Телефон не подтверждён')).toBeVisible();

  const nextCode = await lastCodeTo(next, { after: changed });
  await section.getByRole('textbox', { name: 'Код из SMS' }).fill(nextCode);
  await section.getByRole('button', { name: 'Подтвердить телефон' }).click();
  await expect(section).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Телефон' })).toHaveValue(next);
  await expect(page.getByText('Телефон подтверждён')).toBeVisible();

  // The new number is now the way in by SMS.
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
  await page.getByRole('tab', { name: 'Телефон' }).click();
  await page.getByRole('textbox', { name: 'Телефон' }).fill(next);
  const loginAsked = Date.now();
  await page.getByRole('button', { name: 'Получить код' }).click();
  const loginCode = await lastCodeTo(next, { after: loginAsked });
  await page.getByRole('textbox', { name: 'Код из SMS' }).fill(loginCode);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
});
