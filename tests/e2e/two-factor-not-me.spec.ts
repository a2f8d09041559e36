import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from './support/a11y';
import { apiLogin, registerVerified, storeTokens, type TestUser } from './support/auth';
import { lastMessageTo } from './support/outbox';

/** What the authenticator app would show for this key now. */
const appCode = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });

/** A browser holding only a session's tokens (no password), on the profile. */
async function signedInWithTokens(page: Page, user: TestUser) {
  const tokens = await apiLogin(page.request, user);
  await page.goto('/');
  await storeTokens(page, tokens);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Профиль', exact: true })).toBeVisible();
  return tokens;
}

test('a stolen session cannot turn two-step sign-in on; the owner can, the other session ends, and «Это был не я» turns it off', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await registerVerified(page.request);

  // Someone else's browser with only the session's token: no password, no two-step sign-in.
  const thiefContext = await browser.newContext();
  const thief = await thiefContext.newPage();
  const stolen = await signedInWithTokens(thief, user);
  const refused = await thief.request.post('/api/auth/2fa/setup/', { headers: { Authorization: `Bearer ${stolen.access}` }, data: {} });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ password: ['Обязательное поле.'] });
  const thiefSection = thief.getByRole('region', { name: 'Двухэтапная проверка' });
  await thiefSection.getByRole('button', { name: 'Включить' }).click();
  await thiefSection.getByLabel('Текущий пароль').fill('угаданный-пароль');
  await thiefSection.getByRole('button', { name: 'Продолжить' }).click();
  await expect(thiefSection.getByText('Неверный пароль')).toBeVisible();
  await expect(thiefSection.getByLabel('Текущий пароль')).toBeFocused();
  await expect(thiefSection.getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toHaveCount(0);

  // The owner turns it on with the password.
  await signedInWithTokens(page, user);
  const section = page.getByRole('region', { name: 'Двухэтапная проверка' });
  await section.getByRole('button', { name: 'Включить' }).click();
  await expect(section.getByText('все остальные сеансы будут завершены')).toBeVisible();
  await expectAccessible(page, 'the password step of the two-step setup');
  await section.getByLabel('Текущий пароль').fill(user.password);
  await section.getByRole('button', { name: 'Продолжить' }).click();
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  await section.getByLabel('Код из приложения').fill(appCode(secret));
  await section.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(section.getByText('Двухэтапная проверка включена. Все остальные сеансы завершены.')).toBeVisible();
  await expect(section.getByRole('list', { name: 'Резервные коды' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'Готово' }).click();

  // The other browser's session has ended: its next request sends it to the sign-in page.
  await thief.reload();
  await expect(thief).toHaveURL(/\/login\/?$/);
  await thiefContext.close();

  // The notice came with a «Это был не я» link, whose token sits in the fragment.
  const notice = await lastMessageTo(user.email);
  expect(notice).toContain('Все остальные сеансы завершены.');
  const link = /https?:\/\/\S+\/not-me\/#[\w-]+/.exec(notice)?.[0];
  expect(link, 'a «Это был не я» link in the notice').toBeTruthy();
  const path = new URL(link!).pathname + new URL(link!).hash;

  // Opened in a browser with no session: nothing happens until the button is pressed.
  const mailContext = await browser.newContext();
  const mail = await mailContext.newPage();
  const seen: string[] = [];
  mail.on('request', (r) => seen.push(r.url()));
  await mail.goto(path);
  await expect(mail.getByRole('heading', { name: 'Это был не я' })).toBeVisible();
  await expectAccessible(mail, 'the «Это был не я» page');
  await mail.getByRole('button', { name: 'Отменить изменение' }).click();
  await expect(mail.getByText('Двухэтапная проверка отключена, все сеансы завершены.')).toBeVisible();
  await expect(mail.getByRole('link', { name: 'Задать новый пароль' })).toBeVisible();
  // The token went in a body only: no URL the browser asked for carries it.
  const token = new URL(link!).hash.slice(1);
  expect(seen.filter((u) => u.includes(token))).toEqual([]);

  // Every session has ended, the owner's too; the password alone signs in again.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\/?$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();

  // The link works once.
  await mail.goto('/');
  await mail.goto(path);
  await mail.getByRole('button', { name: 'Отменить изменение' }).click();
  await expect(mail.getByRole('main').getByRole('alert')).toHaveText('Ссылка недействительна или устарела');
  await mailContext.close();
});
