import { expect, test, type Page } from '@playwright/test';
import { freshEmail, registerVerified } from './support/auth';
import { LocalOAuthProviders, providerPerson, type LocalProviderId } from './support/oauth-provider';
import { startSecondServer } from './support/second-server';

/**
 * VK ID and Yandex ID against a local provider that speaks each one's protocol. The suite's server
 * has no provider switched on (its buttons say so), so these tests start a second API process on the
 * same data with both providers pointed at the local one.
 */
const PORT = Number(process.env.E2E_OAUTH_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 3);
const BUTTON: Record<LocalProviderId, string> = { vkid: 'VK ID', yandex: 'Яндекс' };
const LABEL: Record<LocalProviderId, string> = { vkid: 'VK ID', yandex: 'Яндекс ID' };

let providers: LocalOAuthProviders;
let server: { url: string; stop: () => Promise<void> };

test.beforeAll(async () => {
  providers = await new LocalOAuthProviders().start();
  server = await startSecondServer(PORT, providers.env());
});

test.afterAll(async () => {
  await server?.stop();
  await providers?.close();
});

async function signInWith(page: Page, provider: LocalProviderId) {
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: BUTTON[provider], exact: true }).click();
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  // The callback page saves the session, then goes home: «Выйти» can show a moment before the address changes.
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

for (const provider of ['vkid', 'yandex'] as const) {
  test(`${LABEL[provider]}: a new person gets an account with no password and the profile lists the link`, async ({ page }) => {
    const person = providerPerson(freshEmail(provider));
    providers.signInAs(provider, person);
    await signInWith(page, provider);
    await expectSignedIn(page);

    await page.goto(`${server.url}/profile`);
    const section = page.getByRole('region', { name: 'Вход через VK ID и Яндекс ID' });
    await expect(section.getByText(LABEL[provider], { exact: true })).toBeVisible();
    await expect(section.getByText(new RegExp(person.email!.replace(/[.+]/g, '\\$&')))).toBeVisible();
    await expect(section.getByText('Пароль не задан: задайте его по ссылке «Забыли пароль?» на странице входа.')).toBeVisible();
    // The only way in stays.
    await section.getByRole('button', { name: `Отвязать ${LABEL[provider]}` }).click();
    await expect(section.getByRole('alert')).toHaveText(
      'Это последний способ входа в аккаунт. Сначала задайте пароль или добавьте другой способ входа.',
    );
  });

  test(`${LABEL[provider]}: an existing account is linked after its password, then signs straight in`, async ({ page }) => {
    const user = await registerVerified(page.request, { email: freshEmail(`has-${provider}`) });
    providers.signInAs(provider, providerPerson(user.email));
    await signInWith(page, provider);
    await expect(page.getByRole('heading', { name: `Привязать ${LABEL[provider]}` })).toBeVisible();
    await expect(page.getByText(`В Копилке уже есть аккаунт с адресом ${user.email}.`, { exact: false })).toBeVisible();
    await page.getByLabel('Пароль').fill('not-the-password');
    await page.getByRole('button', { name: 'Привязать и войти' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'пароль' })).toHaveText('Неверный пароль');
    await page.getByLabel('Пароль').fill(user.password);
    await page.getByRole('button', { name: 'Привязать и войти' }).click();
    await expectSignedIn(page);

    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);
    await signInWith(page, provider);
    await expectSignedIn(page);
    await page.goto(`${server.url}/profile`);
    const section = page.getByRole('region', { name: 'Вход через VK ID и Яндекс ID' });
    await section.getByRole('button', { name: `Отвязать ${LABEL[provider]}` }).click();
    await expect(page.getByText(`${LABEL[provider]} отвязан`)).toBeVisible();
    await expect(section.getByText('Не привязаны.', { exact: false })).toBeVisible();
  });
}

test('a return opened in another browser is refused', async ({ page, browser }) => {
  providers.signInAs('vkid', providerPerson(freshEmail('other-browser')));
  await page.goto(`${server.url}/login`);
  const start = await page.request.get(`${server.url}/api/auth/oauth/vkid/start/`, { maxRedirects: 0 });
  const back = await fetch(start.headers().location!, { redirect: 'manual' });
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(back.headers.get('location')!);
  await expect(stranger.getByRole('alert').filter({ hasText: 'Вход' })).toHaveText(
    'Вход не удался: он начат в другом браузере или уже завершён. Начните вход заново.',
  );
  await other.close();
});
