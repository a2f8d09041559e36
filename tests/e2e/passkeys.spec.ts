import { expect, test, type Page } from '@playwright/test';
import { registerAndLogin } from './support/auth';

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
