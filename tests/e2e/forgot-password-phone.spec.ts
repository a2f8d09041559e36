import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { freshPhone, registerAndLogin } from './support/auth';
import { lastCodeTo } from './support/outbox';

const BAD_CODE = 'Неверный или просроченный код';
const RESET_DONE = 'Пароль успешно изменён. Теперь вы можете войти с новым паролем.';

/** A six-digit code that is certainly not `code`. */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

test('a user with a verified phone resets the forgotten password by SMS and logs in with the new one', async ({ page }) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });

  // Registered with a phone, which is verified on the profile (reset codes go only to verified numbers).
  const phone = freshPhone();
  const user = await registerAndLogin(page, { phone });
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Подтверждение телефона' });
  const verifyAsked = Date.now();
  await section.getByRole('button', { name: 'Отправить код по SMS' }).click();
  await section.getByRole('textbox', { name: 'Код из SMS' }).fill(await lastCodeTo(phone, { after: verifyAsked }));
  await section.getByRole('button', { name: 'Подтвердить телефон' }).click();
  await expect(page.getByText('Телефон подтверждён')).toBeVisible();
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);

  // The keyboard reaches the phone way: the tabs answer the arrow keys, Enter sends the form.
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page.getByRole('heading', { name: 'Восстановление пароля' })).toBeVisible();
  await page.getByRole('tab', { name: 'Email' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Телефон' })).toHaveAttribute('aria-selected', 'true');
  const phoneField = page.getByRole('textbox', { name: 'Телефон' });
  await expect(phoneField).toHaveAttribute('placeholder', '+7 (999) 123-45-67');
  await phoneField.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Обязательное поле')).toBeVisible();

  // Typed without the '+': it is added, and the code step takes the focus.
  const asked = Date.now();
  await phoneField.fill(phone.slice(1));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    `Если номер ${phone} подтверждён в аккаунте, на него отправлен код по SMS`,
  );
  const codeField = page.getByRole('textbox', { name: 'Код из SMS' });
  await expect(codeField).toBeFocused();
  const code = await lastCodeTo(phone, { after: asked });

  // The form's own checks: the code rules and the reset screen's password rules.
  const save = page.getByRole('button', { name: 'Сохранить пароль' });
  await save.click();
  await expect(page.getByText('Обязательное поле')).toHaveCount(3);
  await codeField.fill('12345');
  await page.getByLabel('Новый пароль').fill('1234567');
  await page.getByLabel('Подтверждение пароля').fill('другой-пароль');
  await save.click();
  await expect(page.getByText('Код должен состоять из 6 цифр')).toBeVisible();
  await expect(page.getByText('Пароль должен содержать минимум 8 символов')).toBeVisible();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await expectAccessible(page, '/forgot-password, the code step with errors');

  // One SMS a minute per number: a resend at once gets the server's own words.
  await page.getByRole('button', { name: 'Отправить код ещё раз' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/^Слишком много попыток\. Повторите через \d+ с\.$/);

  // A wrong code: the server's message, still a guest on the code step.
  const newPassword = 'новый-пароль-по-смс';
  await codeField.fill(otherThan(code));
  await page.getByLabel('Новый пароль').fill(newPassword);
  await page.getByLabel('Подтверждение пароля').fill(newPassword);
  await save.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(BAD_CODE);
  await expect(codeField).toBeFocused();
  await expect(page).toHaveURL(/\/forgot-password\/?$/);

  // The right code: to /login with the success message, and the new password works there.
  await codeField.fill(code);
  await save.click();
  await expect(page).toHaveURL(/\/login\/?$/);
  await expect(page.getByRole('status').filter({ hasText: RESET_DONE })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  expect(violations).toEqual([]);
});
