import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from './support/a11y';
import { apiLogin, confirmPhone, freshEmail, freshPhone, registerVerified, storeTokens, type TestUser } from './support/auth';
import { lastCodeTo, lastMessageTo } from './support/outbox';

// One account goes through the three stories in turn (sessions, then a new address, then two-step
// sign-in on and off): every browser test registers from the same address, and sign-ups per address
// are limited.
test.describe.configure({ mode: 'serial' });

let account: Promise<TestUser & { phone: string }> | undefined;
/** The account of this file: registered once, with a confirmed phone. */
function sharedUser(request: APIRequestContext) {
  account ??= (async () => {
    const phone = freshPhone();
    const user = await registerVerified(request, { phone });
    await confirmPhone(request, user);
    return { ...user, phone };
  })();
  return account;
}

/** What the authenticator app would show for this key, `offsetMs` from now. */
const appCode = (secret: string, offsetMs = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetMs });

async function signInThroughApi(page: Page, user: TestUser) {
  const tokens = await apiLogin(page.request, user);
  await page.goto('/');
  await storeTokens(page, tokens);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
}

async function loginWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
}

test('ending another session from the profile signs that browser out at its next request', async ({ page, browser }) => {
  const user = await sharedUser(page.request);
  await signInThroughApi(page, user);

  // The same account in a second browser, through the login screen.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginWithPassword(otherPage, user.email, user.password);
  await expect(otherPage).toHaveURL(/\/$/);
  await expect(otherPage.getByRole('button', { name: 'Выйти' })).toBeVisible();

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Сеансы' });
  const list = section.getByRole('list', { name: 'Активные сеансы' });
  const items = list.getByRole('listitem');
  // Three sessions: the phone confirmation's (an API login), this browser's and the other one's.
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: 'Это устройство' })).toHaveCount(1);
  await expect(list).toContainText(/Chrom/);
  await expect(items.first()).toContainText('IP-адрес: 127.0.0.1');
  await expectAccessible(page, 'the sessions section');

  // «Завершить все остальные» asks first; cancelling keeps them.
  await section.getByRole('button', { name: 'Завершить все остальные' }).click();
  await page.getByRole('dialog', { name: 'Завершить остальные сеансы?' }).getByRole('button', { name: 'Отмена' }).click();
  await expect(items).toHaveCount(3);

  // End the other browser's session (the newest of the others: listed right after this device).
  await items.nth(1).getByRole('button', { name: 'Завершить', exact: true }).click();
  await expect(page.getByText('Сеанс завершён')).toBeVisible();
  await expect(items).toHaveCount(2);
  await expect(list).toBeFocused();

  // The other browser still shows the signed-in shell (its sidebar); its next request finds the session ended.
  // «Корзина»: a screen whose list that browser has not fetched yet (the home's lists stay fresh for 5 s, so
  // «Аудио» right after the home may answer from what it has, with no request).
  await otherPage.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Корзина' }).click();
  await expect(otherPage).toHaveURL(/\/login\/?$/);
  await expect.poll(() => otherPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await other.close();

  // The rest at once, after the confirmation; this browser stays signed in.
  await section.getByRole('button', { name: 'Завершить все остальные' }).click();
  await page.getByRole('dialog', { name: 'Завершить остальные сеансы?' }).getByRole('button', { name: 'Завершить' }).click();
  await expect(page.getByText('Остальные сеансы завершены')).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(section.getByRole('button', { name: 'Завершить все остальные' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Профиль', exact: true })).toBeVisible();
});

test('the e-mail changes after the code sent to the new address is entered; the old address is told', async ({ page }) => {
  const user = await sharedUser(page.request);
  await signInThroughApi(page, user);
  const old = user.email;
  const next = freshEmail('moved');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Email' });
  await expect(section).toContainText(`Текущий адрес: ${old}`);

  // A wrong password: the server's message under the field, and nothing changes.
  await section.getByLabel('Новый email').fill(next);
  await section.getByLabel('Текущий пароль').fill('не-мой-пароль');
  await section.getByRole('button', { name: 'Получить код' }).click();
  await expect(section.getByText('Неверный пароль')).toBeVisible();
  await expect(section.getByLabel('Текущий пароль')).toBeFocused();

  await section.getByLabel('Текущий пароль').fill(user.password);
  await section.getByRole('button', { name: 'Получить код' }).click();
  await expect(section.getByRole('status').filter({ hasText: `Код отправлен на ${next}` })).toBeVisible();
  const codeField = section.getByLabel('Код из письма');
  await expect(codeField).toBeFocused();
  await expect(section).toContainText(`Текущий адрес: ${old}`);
  await expectAccessible(page, 'the e-mail code step');

  await codeField.fill(await lastCodeTo(next));
  const confirmed = Date.now();
  await section.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Email изменён')).toBeVisible();
  await expect(section).toContainText(`Текущий адрес: ${next}`);
  await expect(section.getByLabel('Новый email')).toBeFocused();
  user.email = next;
  const notice = await lastMessageTo(old, { after: confirmed });
  expect(notice).toContain('Адрес эл. почты вашей учётной записи в Копилке изменён на m***@example.test');

  await logout(page);
  await loginWithPassword(page, next, user.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
});

test('two-step sign-in: on from the profile, e-mail login with the app code, phone login with a recovery code, off again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await sharedUser(page.request);
  await signInThroughApi(page, user);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Двухэтапная проверка' });
  await section.getByRole('button', { name: 'Включить' }).click();
  await expect(section.getByRole('heading', { name: 'Подтвердите, что это вы' })).toBeFocused();
  await section.getByLabel('Текущий пароль').fill(user.password);
  await section.getByRole('button', { name: 'Продолжить' }).click();
  await expect(section.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Настройка приложения' })).toBeFocused();
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'the two-step setup');

  await section.getByLabel('Код из приложения').fill(appCode(secret));
  await section.getByRole('button', { name: 'Подтвердить' }).click();
  const codes = section.getByRole('list', { name: 'Резервные коды' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allTextContents();
  await section.getByRole('button', { name: 'Готово' }).click();
  await expect(section.getByText('Резервных кодов осталось: 10.')).toBeFocused();

  // E-mail login: the password, then the second step; «Войти заново» goes back with the address kept.
  await logout(page);
  await loginWithPassword(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Двухэтапная проверка' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectAccessible(page, 'the second step of the login');
  await page.getByRole('button', { name: 'Войти заново' }).click();
  await expect(page.getByLabel('Пароль', { exact: true })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();

  // A wrong code shows the server's message; the code the app shows then signs in (the next
  // 30-second step's code: the one that turned it on has been used, and each code works once).
  const wrong = appCode(secret, 30_000) === '000000' ? '111111' : '000000';
  await page.getByLabel('Код из приложения').fill(wrong);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Неверный или просроченный код');
  await expect(page.getByLabel('Код из приложения')).toBeFocused();
  await page.getByLabel('Код из приложения').fill(appCode(secret, 30_000));
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();

  // Phone login: the SMS code, then a recovery code instead of the app.
  await logout(page);
  await page.getByRole('tab', { name: 'Телефон' }).click();
  const asked = Date.now();
  await page.getByRole('textbox', { name: 'Телефон' }).fill(user.phone);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByRole('textbox', { name: 'Код из SMS' }).fill(await lastCodeTo(user.phone, { after: asked }));
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Двухэтапная проверка' })).toBeVisible();
  await page.getByRole('button', { name: 'Использовать резервный код' }).click();
  await expect(page.getByLabel('Резервный код')).toBeFocused();
  await page.getByLabel('Резервный код').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();

  // New recovery codes (with the password and one of the old codes) replace the old ones.
  await page.goto('/profile');
  await expect(section.getByText('Резервных кодов осталось: 9.')).toBeVisible();
  await section.getByRole('button', { name: 'Новые резервные коды' }).click();
  const renewal = section.getByRole('form', { name: 'Новые резервные коды' });
  await expect(renewal.getByLabel('Текущий пароль')).toBeFocused();
  await renewal.getByLabel('Текущий пароль').fill(user.password);
  await renewal.getByLabel('Код из приложения или резервный код').fill(recovery[1]!);
  await renewal.getByRole('button', { name: 'Создать коды' }).click();
  await expect(section.getByText('Новые резервные коды созданы, прежние больше не действуют.')).toBeVisible();
  const renewed = await codes.allTextContents();
  expect(renewed).toHaveLength(10);
  expect(renewed.some((c) => recovery.includes(c))).toBe(false);
  await section.getByRole('button', { name: 'Готово' }).click();
  await expect(section.getByText('Резервных кодов осталось: 10.')).toBeFocused();

  // Off again: an old recovery code is refused, a new one (with the password) does it.
  await section.getByLabel('Текущий пароль').fill(user.password);
  await section.getByLabel('Код из приложения или резервный код').fill(recovery[2]!);
  await section.getByRole('button', { name: 'Отключить' }).click();
  await expect(section.getByText('Неверный или просроченный код')).toBeVisible();
  await expect(section.getByLabel('Код из приложения или резервный код')).toBeFocused();
  await section.getByLabel('Код из приложения или резервный код').fill(renewed[0]!);
  await section.getByRole('button', { name: 'Отключить' }).click();
  await expect(page.getByText('Двухэтапная проверка отключена')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Включить' })).toBeFocused();

  // The password alone signs in again.
  await logout(page);
  await loginWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL(/\/$/);
});
