import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { registerAndLogin } from './support/auth';
import { lastMessageTo } from './support/outbox';

/**
 * Chromium's virtual authenticator (CDP WebAuthn): a platform authenticator that keeps discoverable
 * credentials and verifies its user, answering every request at once.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** The browser offers no passkeys among the e-mail field's suggestions (from now on, this document and the next). */
async function withoutPasskeySuggestions(page: Page) {
  const off = () => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  };
  await page.addInitScript(off);
  await page.evaluate(off);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login\/?$/);
}

test('adds a passkey in the profile, signs in with it, and once removed it no longer signs in', async ({ page }) => {
  const authenticator = await virtualAuthenticator(page);
  const user = await registerAndLogin(page);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Ключи доступа' });
  await expect(section.getByText('Ключей доступа пока нет.')).toBeVisible();
  await section.getByRole('button', { name: 'Добавить ключ доступа' }).click();
  await section.getByLabel('Текущий пароль').fill('not-the-password');
  await section.getByRole('button', { name: 'Продолжить' }).click();
  await expect(section.getByRole('alert')).toHaveText('Неверный пароль');
  await section.getByLabel('Текущий пароль').fill(user.password);
  await section.getByLabel('Название ключа (необязательно)').fill('Ноутбук');
  await section.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByText('Ключ доступа добавлен')).toBeVisible();
  await expect(section.getByText('Ноутбук')).toBeVisible();
  await expect(section.getByText('Ещё не использовался')).toBeVisible();
  const held = await authenticator.credentials();
  expect(held).toHaveLength(1);
  expect(held[0]!.isResidentCredential).toBe(true);

  // The login page asks for a passkey through the e-mail field's suggestions at once (conditional
  // mediation); the virtual authenticator picks its key as a person would from the list.
  await signOut(page);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);

  // A browser that offers no suggestions: the button.
  await withoutPasskeySuggestions(page);
  await signOut(page);
  await page.getByRole('button', { name: 'Войти с ключом доступа' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/profile');
  await expect(section.getByText(/^Последний вход: /)).toBeVisible();
  await section.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Ключ доступа удалён')).toBeVisible();
  await expect(section.getByText('Ключей доступа пока нет.')).toBeVisible();

  // The authenticator still holds the key; the server no longer knows it.
  await signOut(page);
  await page.getByRole('button', { name: 'Войти с ключом доступа' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Этот ключ' })).toHaveText(
    'Этот ключ доступа не найден в Копилке. Войдите по паролю.',
  );
  await expect(page).toHaveURL(/\/login\/?$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('adding a passkey mails a notice; its «Это был не я» removes that key and signs everybody out', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const authenticator = await virtualAuthenticator(page);
  const user = await registerAndLogin(page);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Ключи доступа' });
  await section.getByRole('button', { name: 'Добавить ключ доступа' }).click();
  await section.getByLabel('Текущий пароль').fill(user.password);
  await section.getByLabel('Название ключа (необязательно)').fill('Чужой ноутбук');
  await section.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByText('Ключ доступа добавлен')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);

  const notice = await lastMessageTo(user.email, { matching: /добавлен ключ доступа/ });
  expect(notice).toContain('«Чужой ноутбук»');
  const link = /https?:\/\/\S+\/not-me\/#[\w-]+/.exec(notice)?.[0];
  expect(link, 'a «Это был не я» link in the notice').toBeTruthy();

  const mailContext = await browser.newContext();
  const mail = await mailContext.newPage();
  await mail.goto(new URL(link!).pathname + new URL(link!).hash);
  await expect(mail.getByRole('heading', { name: 'Это был не я' })).toBeVisible();
  await mail.getByRole('button', { name: 'Отменить изменение' }).click();
  await expect(mail.getByText('Ключ доступа удалён, все сеансы завершены.')).toBeVisible();
  await expect(mail.getByText(/ключи доступа и привязки VK ID и Яндекс ID, добавленные за последние 30 дней, удалены/i)).toBeVisible();
  await expectAccessible(mail, 'the «Это был не я» page after a passkey notice');
  await mailContext.close();

  // Every session has ended; the key the authenticator still holds signs nobody in.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\/?$/);
  await withoutPasskeySuggestions(page);
  await page.getByRole('button', { name: 'Войти с ключом доступа' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Этот ключ' })).toHaveText(
    'Этот ключ доступа не найден в Копилке. Войдите по паролю.',
  );
});
