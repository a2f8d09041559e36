import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { unzip } from '../server/support/unzip';
import { expectAccessible } from './support/a11y';
import { makeToneMp3, uploadAudio } from './support/audio';
import { registerAndLoginWithAccess } from './support/auth';
import { uploadPhoto } from './support/photos';

/** A small PNG of its own colour (none is refused as a copy of another). */
const png = (n: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20 * n, g: 120, b: 255 - 20 * n } } })
    .png()
    .toBuffer();

const bar = (page: Page) => page.getByRole('toolbar', { name: 'Действия с выбранными' });
const check = (page: Page, title: string) => page.getByRole('checkbox', { name: `Выбрать: ${title}`, exact: true });

test('photos: click and Shift-click select a range, «В корзину» and «Отменить» bring all back; Space and Esc; «Скачать» zips exactly the chosen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { access } = await registerAndLoginWithAccess(page);
  const bytes = new Map<string, Buffer>();
  for (let n = 1; n <= 12; n++) {
    const data = await png(n);
    bytes.set(`Фото ${n}`, data);
    await uploadPhoto(page.request, access, `Фото ${n}`, data, 'png');
  }

  await page.goto('/photos');
  const tiles = page.getByTestId('photo-tile');
  await expect(tiles).toHaveCount(12);
  // The order shown (newest first): the titles as the tiles' pictures name them.
  const shown = await tiles.evaluateAll((all) => all.map((t) => t.querySelector('img')?.getAttribute('alt') ?? ''));
  expect(new Set(shown).size).toBe(12);

  // A check mark shows on hover; a click on it starts the selection and the bar takes the toolbar's place.
  await tiles.nth(1).hover();
  await expect(check(page, shown[1]!)).toHaveCSS('opacity', '1');
  await check(page, shown[1]!).click();
  await expect(bar(page)).toBeVisible();
  await expect(bar(page).getByText('Выбрано: 1')).toBeVisible();
  await expect(page.getByLabel('Поиск')).toBeHidden();
  // Once selecting, every check shows; a Shift-click on a tile selects the range from the first, in the order shown.
  await expect(check(page, shown[7]!)).toHaveCSS('opacity', '1');
  await tiles.nth(3).click({ modifiers: ['Shift'] });
  await expect(bar(page).getByText('Выбрано: 3')).toBeVisible();
  for (const i of [1, 2, 3]) await expect(check(page, shown[i]!)).toHaveAttribute('aria-checked', 'true');
  for (const i of [0, 4]) await expect(check(page, shown[i]!)).toHaveAttribute('aria-checked', 'false');
  // While selecting, a click on a tile selects rather than opening the viewer.
  await tiles.nth(5).click();
  await expect(bar(page).getByText('Выбрано: 4')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await tiles.nth(5).click();
  await expect(bar(page).getByText('Выбрано: 3')).toBeVisible();
  await expectAccessible(page, 'the photo screen with its selection bar');

  // «В корзину»: all three go, one snackbar with «Отменить», the focus on the screen's heading.
  await bar(page).getByRole('button', { name: 'В корзину' }).click();
  const moved = page.getByRole('status').filter({ hasText: 'Перемещено в корзину: 3' });
  await expect(moved).toBeVisible();
  await expect(tiles).toHaveCount(9);
  await expect(bar(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Мои фотографии' })).toBeFocused();
  const trash = async () =>
    (
      (await (await page.request.get('/api/media/trash/', { headers: { Authorization: `Bearer ${access}` } })).json()) as {
        title: string;
      }[]
    )
      .map((t) => t.title)
      .sort();
  expect(await trash()).toEqual([shown[1], shown[2], shown[3]].sort());
  // The snackbar with its undo is still there well past the plain 5 s.
  await page.waitForTimeout(6_000);
  await expect(moved).toBeVisible();
  await moved.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText('Восстановлено: 3')).toBeVisible();
  await expect(tiles).toHaveCount(12);
  expect(await trash()).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Мои фотографии' })).toBeFocused();

  // Keyboard: Space on a focused tile selects it, Esc leaves the selection with the focus back on that tile.
  await tiles.first().focus();
  await page.keyboard.press('Space');
  await expect(bar(page).getByText('Выбрано: 1')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(bar(page)).toBeHidden();
  await expect(page.getByLabel('Поиск')).toBeVisible();
  await expect(tiles.first()).toBeFocused();
  // …and Enter still opens it.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Просмотр фотографии' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Two chosen → «Скачать»: one ZIP with exactly those two originals, byte for byte.
  await check(page, shown[0]!).click();
  await check(page, shown[6]!).click();
  await expect(bar(page).getByText('Выбрано: 2')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await bar(page).getByRole('button', { name: 'Скачать' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Копилка-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = await unzip(readFileSync(await download.path()));
  const originals = [...archive.entries()].filter(([name]) => name.endsWith('.png'));
  expect(originals.map(([name]) => name.replace(/^Фото\//, '').replace(/ \(\d+\)\.png$/, '')).sort()).toEqual([shown[0], shown[6]].sort());
  for (const [name, data] of originals) {
    const title = name.replace(/^Фото\//, '').replace(/ \(\d+\)\.png$/, '');
    expect(data.equals(bytes.get(title)!), name).toBe(true);
  }
  expect([...archive.keys()].filter((name) => name.endsWith('.json'))).toHaveLength(2);
  // The bar stays (the focus where it was) until the selection is left.
  await expect(bar(page).getByRole('button', { name: 'Скачать' })).toBeFocused();
  await bar(page).getByRole('button', { name: 'Отменить выбор' }).click();
  await expect(bar(page)).toBeHidden();
});

test('audio: two rows chosen by their check marks go into a new album from «В альбом»', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { access } = await registerAndLoginWithAccess(page);
  const auth = { headers: { Authorization: `Bearer ${access}` } };
  const ids = {
    surf: await uploadAudio(page.request, access, 'Шум прибоя', makeToneMp3(2)),
    rain: await uploadAudio(page.request, access, 'Дождь', makeToneMp3(3)),
    wind: await uploadAudio(page.request, access, 'Ветер', makeToneMp3(4)),
  };

  await page.goto('/audio');
  await expect(page.getByTestId('audio-item')).toHaveCount(3);
  await check(page, 'Шум прибоя').click();
  await expect(bar(page).getByText('Выбрано: 1')).toBeVisible();
  // While selecting, a click on a row selects it rather than opening its player.
  await page.getByRole('article', { name: 'Дождь', exact: true }).getByRole('heading').getByRole('button').click();
  await expect(bar(page).getByText('Выбрано: 2')).toBeVisible();
  await expect(check(page, 'Дождь')).toHaveAttribute('aria-checked', 'true');
  await expect(check(page, 'Ветер')).toHaveAttribute('aria-checked', 'false');

  await bar(page).getByRole('button', { name: 'В альбом' }).click();
  const chooser = page.getByRole('dialog', { name: 'В альбом' });
  await expect(chooser.getByText('2 записи')).toBeVisible();
  await chooser.getByRole('button', { name: 'Новый альбом' }).click();
  const creating = page.getByRole('dialog', { name: 'Новый альбом' });
  await creating.getByLabel('Название').fill('Звуки природы');
  await creating.getByRole('button', { name: 'Создать и добавить' }).click();
  await expect(page.getByText('Добавлено в альбом «Звуки природы»').first()).toBeVisible();
  await expect(creating).toBeHidden();

  const albums = (await (await page.request.get(`/api/albums/?t=${Date.now()}`, auth)).json()) as { id: number; title: string }[];
  const album = albums.find((a) => a.title === 'Звуки природы')!;
  const items = (await (await page.request.get(`/api/albums/${album.id}/items/?t=${Date.now()}`, auth)).json()) as {
    kind: string;
    id: number;
  }[];
  expect(items.map((i) => [i.kind, i.id]).sort()).toEqual(
    [
      ['audio', ids.surf],
      ['audio', ids.rain],
    ].sort(),
  );

  // Esc leaves the selection, the focus back on the row last chosen; the rows open on a click again.
  await page.keyboard.press('Escape');
  await expect(bar(page)).toBeHidden();
  await expect(page.getByRole('article', { name: 'Дождь', exact: true }).getByRole('heading').getByRole('button')).toBeFocused();
  const wind = page.getByRole('article', { name: 'Ветер', exact: true });
  await wind.getByRole('heading').getByRole('button').click();
  await expect(wind.getByRole('heading').getByRole('button')).toHaveAttribute('aria-expanded', 'true');
});
