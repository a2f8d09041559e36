import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { unzip } from '../server/support/unzip';
import { expectAccessible } from './support/a11y';
import { registerAndLogin } from './support/auth';

/** A small image of one colour, made here so the test owns its bytes. */
const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

const tiles = (page: Page) => page.getByTestId('photo-tile');
const trashItems = (page: Page) => page.getByTestId('trash-item');

/** Uploads PNGs on /photos (named <title>.png) and waits until each has its tile. */
async function uploadPhotos(page: Page, files: Record<string, Buffer>): Promise<void> {
  await page.goto('/photos');
  await expect(page.getByRole('heading', { name: 'Мои фотографии' })).toBeVisible();
  const before = await tiles(page).count();
  await page
    .getByLabel('Выбрать фотографии')
    .setInputFiles(Object.entries(files).map(([title, buffer]) => ({ name: `${title}.png`, mimeType: 'image/png', buffer })));
  await expect(tiles(page)).toHaveCount(before + Object.keys(files).length, { timeout: 30_000 });
}

/** Opens the photo titled `title` and deletes it through the viewer's confirmation. */
async function deletePhoto(page: Page, title: string): Promise<void> {
  await page.getByRole('img', { name: title }).click();
  const viewer = page.getByRole('dialog', { name: 'Просмотр фотографии' });
  await viewer.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog', { name: 'Удалить фотографию' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Фотография удалена').first()).toBeVisible();
  if (await viewer.count()) await page.keyboard.press('Escape');
  await expect(page.getByRole('img', { name: title })).toHaveCount(0);
}

/** Through the sidebar, as people get there (one click at 1280 px). */
async function openTrash(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Корзина' }).click();
  await expect(page.getByRole('heading', { name: 'Корзина', level: 1 })).toBeVisible();
}

test('a deleted photo comes back with «Отменить» in the snackbar', async ({ page }) => {
  await registerAndLogin(page);
  await uploadPhotos(page, { Море: await png(20, 90, 200) });
  await deletePhoto(page, 'Море');
  const snackbar = page.getByTestId('snackbar-success').filter({ hasText: 'Фотография удалена' });
  await snackbar.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText('Фотография восстановлена')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Море' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Море' })).toBeVisible();
});

test('a deleted photo waits in «Корзина» with its removal date, and «Восстановить» brings it back', async ({ page }) => {
  await registerAndLogin(page);
  await uploadPhotos(page, { Лес: await png(30, 140, 40) });
  await deletePhoto(page, 'Лес');

  await openTrash(page);
  await expect(trashItems(page)).toHaveCount(1);
  const item = trashItems(page).first();
  await expect(item.getByRole('heading', { name: 'Лес' })).toBeVisible();
  await expect(item.getByText('Фотография')).toBeVisible();
  const in30Days = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
  );
  await expect(item.getByTestId('trash-purge-at')).toContainText(`Удалится навсегда ${in30Days}`);
  await expectAccessible(page, '/trash');

  // By keyboard: the button, then Enter.
  await item.getByRole('button', { name: 'Восстановить' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Восстановлено: «Лес»')).toBeVisible();
  await expect(page.getByText('Корзина пуста')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Корзина', level: 1 })).toBeFocused();

  await page.goto('/photos');
  await expect(page.getByRole('img', { name: 'Лес' })).toBeVisible();
});

test('«Удалить навсегда» and «Очистить корзину» ask first, then remove for good', async ({ page }) => {
  await registerAndLogin(page);
  await uploadPhotos(page, { Первая: await png(200, 0, 0), Вторая: await png(0, 200, 0), Третья: await png(0, 0, 200) });
  for (const title of ['Первая', 'Вторая', 'Третья']) await deletePhoto(page, title);
  await openTrash(page);
  await expect(trashItems(page)).toHaveCount(3);

  // Cancelling leaves everything as it was, and the focus goes back to the button.
  const first = trashItems(page).filter({ hasText: 'Первая' });
  const purgeButton = first.getByRole('button', { name: 'Удалить навсегда' });
  await purgeButton.click();
  const confirm = page.getByRole('dialog', { name: 'Удалить навсегда?' });
  await expect(confirm.getByText('«Первая» будет удалено без возможности восстановления.')).toBeVisible();
  await expectAccessible(page, 'purge dialog');
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(purgeButton).toBeFocused();

  await purgeButton.click();
  await confirm.getByRole('button', { name: 'Удалить навсегда' }).click();
  await expect(page.getByText('Удалено навсегда')).toBeVisible();
  await expect(trashItems(page)).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Удалённые записи, фотографии и видео' })).toBeFocused();

  await page.getByRole('button', { name: 'Очистить корзину' }).click();
  const emptyDialog = page.getByRole('dialog', { name: 'Очистить корзину?' });
  await expect(emptyDialog.getByText('Всё, что в корзине (2), будет удалено навсегда.', { exact: false })).toBeVisible();
  await emptyDialog.getByRole('button', { name: 'Очистить' }).click();
  await expect(page.getByText('Корзина очищена')).toBeVisible();
  await expect(page.getByText('Корзина пуста')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Корзина', level: 1 })).toBeFocused();

  // Gone for good: after a reload too, and none of them is back in the gallery.
  await page.reload();
  await expect(page.getByText('Корзина пуста')).toBeVisible();
  await page.goto('/photos');
  await expect(page.getByText('Пока нет фотографий')).toBeVisible();
});

test('the profile shows the space taken, and it grows with an upload', async ({ page }) => {
  await registerAndLogin(page);
  await page.goto('/profile');
  const total = page.getByTestId('usage-total');
  await expect(total).toHaveText('Занято 0 байт');
  await expect(page.getByTestId('usage-photo')).toHaveText('0 байт');

  await uploadPhotos(page, { Поле: await png(200, 200, 0) });
  await page.goto('/profile');
  await expect(total).toHaveText(/^Занято \d+(,\d)? (байт|байта|КБ)$/);
  await expect(total).not.toHaveText('Занято 0 байт');
  await expect(page.getByTestId('usage-photo')).not.toHaveText('0 байт');
  await expect(page.getByTestId('usage-audio')).toHaveText('0 байт');
});

test('«Скачать всё» saves one ZIP whose originals are the uploaded files, byte for byte', async ({ page }) => {
  await registerAndLogin(page);
  const files = { Красная: await png(220, 30, 30), Синяя: await png(30, 30, 220) };
  await uploadPhotos(page, files);

  await page.goto('/profile');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Скачать всё' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^Копилка-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = await unzip(readFileSync(await download.path()));
  const originals = [...archive.entries()].filter(([name]) => name.endsWith('.png'));
  expect(originals.map(([name]) => name.replace(/ \(\d+\)\.png$/, '')).sort()).toEqual(['Фото/Красная', 'Фото/Синяя']);
  for (const [name, bytes] of originals) {
    const title = name.slice('Фото/'.length).replace(/ \(\d+\)\.png$/, '') as keyof typeof files;
    expect(bytes.equals(files[title]), name).toBe(true);
    const details = JSON.parse(archive.get(name.replace(/\.png$/, '.json'))!.toString('utf8')) as Record<string, unknown>;
    expect(details).toMatchObject({ kind: 'photo', title });
  }
});
