import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { apiLogin, registerVerified, storeTokens, type TestUser } from './support/auth';
import { lastMessageTo } from './support/outbox';
import { startSecondServer } from './support/second-server';

/**
 * Recent sign-in ("sudo mode") as a person meets it. The suite's server keeps the 30-minute window; these
 * tests start a second API process on the same data whose window is 3 seconds (REAUTH_WINDOW_S, a setting
 * only tests change), so a fresh session's sign-in stops being recent while the test waits.
 */
const WINDOW_S = 3;

let server: { url: string; stop: () => Promise<void> };

/** A port the system has free now (the second server's, for this file only). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test.beforeAll(async () => {
  server = await startSecondServer(Number(process.env.E2E_REAUTH_PORT ?? (await freePort())), { REAUTH_WINDOW_S: String(WINDOW_S) });
});

test.afterAll(async () => {
  await server?.stop();
});

/** A user signed in on the second server, with an album of theirs; the browser on that album's page once the sign-in is no longer recent. */
async function onAlbumWithStaleSignIn(page: Page): Promise<{ user: TestUser; access: string; albumId: number }> {
  const user = await registerVerified(page.request);
  const tokens = await apiLogin(page.request, user);
  const album = await page.request.post(`${server.url}/api/albums/`, {
    headers: { Authorization: `Bearer ${tokens.access}` },
    data: { title: 'Лето на даче' },
  });
  expect(album.status(), await album.text()).toBe(201);
  const albumId = ((await album.json()) as { id: number }).id;
  await page.goto(`${server.url}/`);
  await storeTokens(page, tokens);
  await page.waitForTimeout((WINDOW_S + 1) * 1000);
  await page.goto(`${server.url}/albums?id=${albumId}`);
  await expect(page.getByRole('heading', { name: 'Лето на даче' })).toBeVisible();
  return { user, access: tokens.access, albumId };
}

test('a link to an album after the window asks «Подтвердите вход» in place, then makes the link by itself; «Отмена» leaves it unmade', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { user, access } = await onAlbumWithStaleSignIn(page);
  const links = async () =>
    (await (
      await page.request.get(`${server.url}/api/shares/?t=${Date.now()}`, { headers: { Authorization: `Bearer ${access}` } })
    ).json()) as unknown[];

  // «Отмена»: the action is not done, and the share dialog says why.
  await page.getByRole('button', { name: 'Поделиться' }).click();
  const share = page.getByRole('dialog', { name: 'Поделиться' });
  await share.getByRole('button', { name: 'Создать ссылку' }).click();
  const reauth = page.getByRole('dialog', { name: 'Подтвердите вход' });
  await expect(reauth).toBeVisible();
  await expect(reauth.getByLabel('Пароль')).toBeFocused();
  await reauth.getByRole('button', { name: 'Отмена' }).click();
  await expect(reauth).toBeHidden();
  await expect(share.getByRole('alert')).toHaveText('Действие не выполнено: вход не подтверждён.');
  expect(await links()).toHaveLength(0);

  // Again, now confirmed: a wrong password is said under the field, the right one makes the link with no second click.
  await share.getByRole('button', { name: 'Создать ссылку' }).click();
  await expect(reauth).toBeVisible();
  await expectAccessible(page, 'the «Подтвердите вход» dialog');
  await reauth.getByLabel('Пароль').fill('не-тот-пароль');
  await reauth.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(reauth.getByText('Неверный пароль')).toBeVisible();
  await reauth.getByLabel('Пароль').fill(user.password);
  await reauth.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(reauth).toBeHidden();
  await expect(share.getByTestId('share-url')).toHaveValue(/\/s\/#[A-Za-z0-9_-]{22}$/);
  expect(await links()).toHaveLength(1);
  // The focus is back in the share dialog, where the action was asked for.
  await expect.poll(() => share.evaluate((el) => el.contains(document.activeElement))).toBe(true);
});

test('a stale session on a phone gets the dialog as a bottom sheet; Escape cancels it', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await onAlbumWithStaleSignIn(page);
  await page.getByRole('button', { name: 'Поделиться' }).click();
  const share = page.getByRole('dialog', { name: 'Поделиться' });
  await share.getByRole('button', { name: 'Создать ссылку' }).click();
  const reauth = page.getByRole('dialog', { name: 'Подтвердите вход' });
  await expect(reauth.getByLabel('Пароль')).toBeFocused();
  const box = (await reauth.getByRole('button', { name: 'Подтвердить' }).boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await page.keyboard.press('Escape');
  await expect(reauth).toBeHidden();
  await expect(share.getByRole('alert')).toHaveText('Действие не выполнено: вход не подтверждён.');
  await context.close();
});

test('a link a password change paused shows in «Мои ссылки» and one click turns it back on', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = await registerVerified(page.request);
  // Another session (a thief's token) makes a link to an album; the owner then changes the password.
  const thief = await apiLogin(page.request, user);
  const auth = { Authorization: `Bearer ${thief.access}` };
  const album = await page.request.post('/api/albums/', { headers: auth, data: { title: 'Все фото' } });
  const albumId = ((await album.json()) as { id: number }).id;
  const made = await page.request.post('/api/shares/', { headers: auth, data: { target: { album: albumId }, expires_in_days: null } });
  expect(made.status(), await made.text()).toBe(201);
  const url = ((await made.json()) as { url: string }).url;
  const owner = await apiLogin(page.request, user);
  const changed = await page.request.put('/api/auth/change-password/', {
    headers: { Authorization: `Bearer ${owner.access}` },
    data: { old_password: user.password, new_password: 'Новый-пароль-2', new_password2: 'Новый-пароль-2' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const tokens = (await changed.json()) as { access: string; refresh: string };
  expect(await lastMessageTo(user.email, { matching: /Приостановлены ссылки/ })).toContain('«Все фото»');

  // The link answers as a revoked one.
  const guest = await browser.newPage();
  await guest.goto(new URL(url).pathname + new URL(url).hash);
  await expect(guest.getByText('Ссылка недействительна или срок её действия истёк')).toBeVisible();

  await page.goto('/');
  await storeTokens(page, tokens);
  await page.goto('/profile');
  const row = page.getByTestId('my-link').filter({ hasText: 'Все фото' });
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByTestId('paused-note')).toContainText('Приостановлена');
  await expectAccessible(page, '«Мои ссылки» with a paused link');
  await row.getByRole('button', { name: 'Включить: Альбом «Все фото»' }).click();
  await expect(page.getByText('Ссылка снова действует')).toBeVisible();
  await expect(row.getByTestId('paused-note')).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Включить/ })).toHaveCount(0);

  await guest.goto('/');
  await guest.goto(new URL(url).pathname + new URL(url).hash);
  await expect(guest.getByRole('heading', { name: 'Все фото' })).toBeVisible();
  await guest.close();
});
