import { expect, test, type Page } from '@playwright/test';
import { makeToneMp3, openRow, rowAction, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin, registerAndLoginWithAccess } from './support/auth';
import { fillPhotoTimeline, withDatabase } from './support/large-library';

const item = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

test('a recording shared with a password and a one-day term opens, plays and downloads with no account, and stops when revoked', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(150_000);
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  await uploadAudio(page.request, access, 'Песня для мамы', makeToneMp3(3));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/audio');
  const row = item(page, 'Песня для мамы');
  await openRow(row);
  await expect(row.getByTestId('waveform')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await rowAction(page, row, 'Поделиться');
  const dialog = page.getByRole('dialog', { name: 'Поделиться' });
  await dialog.getByText('1 день', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: '1 день' })).toBeChecked();
  await dialog.getByLabel('Пароль (необязательно)').fill('секрет-123');
  await dialog.getByLabel('Разрешить скачивание').check();
  await dialog.getByRole('button', { name: 'Создать ссылку' }).click();
  const url = await dialog.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/#[A-Za-z0-9_-]{22}$/);
  // The server made it as chosen: a password, downloads allowed, a day to live.
  const mine = await page.request.get(`/api/shares/?t=${Date.now()}`, { headers: { Authorization: `Bearer ${access}` } });
  const [made] = (await mine.json()) as { has_password: boolean; allow_download: boolean; expires_at: string }[];
  expect(made).toMatchObject({ has_password: true, allow_download: true });
  expect(Math.abs(Date.parse(made!.expires_at) - Date.now() - 86_400_000)).toBeLessThan(600_000);
  await dialog.getByRole('button', { name: 'Скопировать ссылку' }).click();
  await expect(dialog.getByRole('button', { name: 'Ссылка скопирована' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Готово' }).click();

  // Someone with no account opens the link in a browser of their own.
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  const opens: string[] = [];
  guest.on('request', (r) => {
    if (r.url().includes('/api/public/shares/open/')) opens.push(r.url());
  });
  await guest.goto(url);
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(guest.getByRole('heading', { name: 'Ссылка защищена паролем' })).toBeVisible();
  await guest.getByLabel('Пароль', { exact: true }).fill('не тот');
  await guest.getByRole('button', { name: 'Открыть', exact: true }).click();
  await expect(guest.getByText('Неверный пароль')).toBeVisible();
  await guest.getByLabel('Пароль', { exact: true }).fill('секрет-123');
  await guest.getByRole('button', { name: 'Открыть', exact: true }).click();
  await expect(guest.getByRole('heading', { name: 'Песня для мамы' })).toBeVisible();
  // The token never travels in an address (the page sends it in the request body).
  const token = url.split('#')[1]!;
  expect(opens.length).toBeGreaterThan(0);
  for (const address of opens) expect(address).not.toContain(token);
  // No account data of the owner on the page.
  await expect(guest.getByText(user.email)).toHaveCount(0);

  await guest.getByRole('button', { name: 'Воспроизвести: Песня для мамы' }).click();
  await expect(guest.getByLabel('Время воспроизведения')).toContainText(/00:0[1-9] \//, { timeout: 15_000 });
  const downloading = guest.waitForEvent('download');
  await guest.getByRole('link', { name: 'Скачать' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.mp3$/);
  expect(await download.failure()).toBeNull();

  // The owner sees the link under «Мои ссылки», opened once, and turns it off.
  await page.goto('/profile');
  const link = page.getByRole('listitem', { name: 'Аудиозапись «Песня для мамы»' });
  await expect(link).toBeVisible();
  await expect(link.getByText('Просмотры: 1')).toBeVisible();
  await expect(link.getByText(/с паролем/)).toBeVisible();
  await link.getByRole('button', { name: 'Отключить' }).click();
  await expect(page.getByText('Ссылка отключена')).toBeVisible();

  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Ссылка недействительна или срок её действия истёк' })).toBeVisible();
  await guestContext.close();
});

test('a link with no token, or a made-up one, says it is invalid', async ({ page }) => {
  await page.goto('/s/');
  await expect(page.getByRole('heading', { name: 'Ссылка недействительна или срок её действия истёк' })).toBeVisible();
  await page.goto('/s/#AAAAAAAAAAAAAAAAAAAAAA');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ссылка недействительна или срок её действия истёк' })).toBeVisible();
});

test('an album of 250 photos opens on its first 200, and the page brings the rest as the guest scrolls', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { access } = await registerAndLoginWithAccess(page);
  const auth = { Authorization: `Bearer ${access}` };
  await fillPhotoTimeline(page.request, access, 250, 3);
  const album = (await (await page.request.post('/api/albums/', { headers: auth, data: { title: 'Все фото' } })).json()) as { id: number };
  const userId = withDatabase((db) => (db.prepare('SELECT user_id FROM albums WHERE id = ?').get(album.id) as { user_id: number }).user_id);
  const ids = withDatabase((db) =>
    (db.prepare('SELECT id FROM media WHERE user_id = ? ORDER BY id').all(userId) as { id: number }[]).map((r) => r.id),
  );
  expect(ids).toHaveLength(250);
  const added = await page.request.post(`/api/albums/${album.id}/items/`, {
    headers: auth,
    data: { items: ids.map((id) => ({ kind: 'photo', id })) },
  });
  expect(added.status()).toBe(200);
  const made = await page.request.post('/api/shares/', { headers: auth, data: { target: { album: album.id }, expires_in_days: 7 } });
  const { url } = (await made.json()) as { url: string };

  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const guest = await guestContext.newPage();
  const pages: string[] = [];
  guest.on('request', (r) => {
    if (r.url().includes('/api/public/shares/open/')) pages.push(r.url());
  });
  await guest.goto(new URL(url).pathname + new URL(url).hash);
  await expect(guest.getByRole('heading', { name: 'Все фото', level: 1 })).toBeVisible();
  const items = guest.getByTestId('shared-item');
  await expect(items).toHaveCount(200);
  expect(pages).toHaveLength(1);
  // The photos come in the order they were added: «Фото 0» first, «Фото 199» last of the first page (each a tile
  // of the album's grid that opens it).
  await expect(items.first()).toHaveAttribute('aria-label', 'Открыть фотографию: Фото 0');
  await expect(items.nth(199)).toHaveAttribute('aria-label', 'Открыть фотографию: Фото 199');

  // Scrolling towards the end asks for the next page, once, and the rest comes below.
  await items.nth(199).scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(250);
  expect(pages).toHaveLength(2);
  await expect(items.last()).toHaveAttribute('aria-label', 'Открыть фотографию: Фото 249');
  await expect(guest.getByTestId('shared-more')).toHaveCount(0);
  await guest.mouse.wheel(0, 100_000);
  await guest.waitForTimeout(500);
  expect(pages).toHaveLength(2);
  await guestContext.close();
});
