import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { registerAndLogin } from './support/auth';
import { expectAccessible } from './support/a11y';
import { choose, optionsOf } from './support/listbox';

/** A small real image made here, so the test owns its bytes. */
async function image(format: 'png' | 'jpeg', color: { r: number; g: number; b: number }, width: number, height: number) {
  const base = sharp({ create: { width, height, channels: 3, background: color } });
  // The JPEG carries EXIF, so "the original" must come back with it, byte for byte.
  return format === 'png'
    ? base.png().toBuffer()
    : base
        .jpeg({ quality: 90 })
        .withExif({ IFD0: { Copyright: 'Kopilka e2e', Artist: 'Тест' } })
        .toBuffer();
}

const tiles = (page: Page) => page.getByTestId('photo-tile');
const viewer = (page: Page) => page.getByRole('dialog', { name: 'Просмотр фотографии' });

test('uploads two photos, browses them with the arrow keys, edits, downloads the original and deletes', async ({ page }) => {
  test.setTimeout(120_000);
  const red = await image('png', { r: 220, g: 30, b: 30 }, 64, 48);
  const blue = await image('jpeg', { r: 20, g: 40, b: 200 }, 80, 60);
  const byTitle = { red: { bytes: red, ext: 'png' }, blue: { bytes: blue, ext: 'jpg' } };

  await registerAndLogin(page);
  await page.goto('/photos');
  await expect(page.getByRole('heading', { name: 'Мои фотографии' })).toBeVisible();
  await expect(page.getByText('Пока нет фотографий')).toBeVisible();

  // Two images and one file that only pretends to be one: each gets its own row and its own answer.
  await page.getByLabel('Выбрать фотографии').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: red },
    { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: blue },
    { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('это не картинка') },
  ]);
  await expect(page.getByText('Загружено: 2 фотографии')).toBeVisible({ timeout: 30_000 });
  const refused = page.getByTestId('upload-item').filter({ hasText: 'fake.png' });
  await expect(refused).toHaveAttribute('data-status', 'failed');
  await expect(refused.getByRole('alert')).toHaveText('Файл не является поддерживаемым изображением');
  await refused.getByRole('button', { name: 'Скрыть сообщение о файле fake.png' }).click();
  await expect(refused).toHaveCount(0);

  await expect(tiles(page)).toHaveCount(2);
  await expect(page.getByRole('img', { name: 'red' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'blue' })).toBeVisible();
  // Thumbnails really load (signed /media URLs).
  await expect.poll(() => page.getByRole('img', { name: 'red' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The full-screen viewer: counter and arrow keys (going round at the end).
  await tiles(page).first().click();
  const dialog = viewer(page);
  const counter = dialog.getByTestId('viewer-counter');
  const picture = dialog.getByTestId('photo-viewer-image');
  await expect(counter).toHaveText('1 из 2');
  const firstTitle = await picture.getAttribute('alt');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('2 из 2');
  const secondTitle = await picture.getAttribute('alt');
  expect([firstTitle, secondTitle].sort()).toEqual(['blue', 'red']);
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('1 из 2');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('2 из 2');
  await dialog.getByRole('button', { name: 'Предыдущая фотография' }).click();
  await expect(counter).toHaveText('1 из 2');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The picture fills the screen on its limiting side (an 80 × 60 photo scaled up, contained).
  const covered = () =>
    picture.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      const k = Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
      return Math.max((img.naturalWidth * k) / window.innerWidth, (img.naturalHeight * k) / window.innerHeight);
    });
  await expect.poll(covered).toBeGreaterThanOrEqual(0.9);

  // A swipe with the mouse goes to the neighbour; a double click zooms in and out.
  const stage = dialog.getByTestId('viewer-stage');
  const swipe = async (dx: number, dy: number) => {
    const box = (await stage.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dx * i) / 8, y + (dy * i) / 8);
    await page.mouse.up();
  };
  await swipe(-240, 0);
  await expect(counter).toHaveText('2 из 2');
  await swipe(240, 0);
  await expect(counter).toHaveText('1 из 2');
  await stage.dblclick();
  await expect(stage).toHaveAttribute('data-zoom', '2.50');
  await stage.dblclick();
  await expect(stage).toHaveAttribute('data-zoom', '1.00');

  // Work on the JPEG with EXIF from here on (the upload order of the two is not fixed).
  if ((await picture.getAttribute('alt')) !== 'blue') await page.keyboard.press('ArrowRight');
  await expect(picture).toHaveAttribute('alt', 'blue');

  // «Сведения»: the facts, and «Изменить» for the title (optional for photos) and the description.
  await dialog.getByRole('button', { name: 'Сведения' }).click();
  const info = dialog.getByRole('complementary', { name: 'Сведения' });
  await expect(info.getByRole('heading', { name: 'blue' })).toBeVisible();
  await expect(info.getByText('80\u00a0×\u00a060')).toBeVisible();
  await expect(info.getByText('Нет описания')).toBeVisible();
  await info.getByRole('button', { name: 'Изменить' }).click();
  const edit = page.getByRole('dialog', { name: 'Изменить фотографию' });
  await edit.getByLabel('Название').fill('Закат');
  await edit.getByLabel('Описание').fill('Вечер на даче');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Фотография успешно обновлена').first()).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(picture).toHaveAttribute('alt', 'Закат');
  await expect(info.getByRole('heading', { name: 'Закат' })).toBeVisible();
  await expect(info.getByText('Вечер на даче')).toBeVisible();
  await expect(info.getByRole('button', { name: 'Изменить' })).toBeFocused();

  // Download the original from «⋯»: the very bytes that were uploaded, named by the new title.
  const original = byTitle.blue;
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Ещё' }).click();
  await page.getByRole('menuitem', { name: 'Скачать оригинал' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`Закат.${original.ext}`);
  const bytes = readFileSync(await download.path());
  expect(bytes.equals(original.bytes)).toBe(true);
  expect(bytes.includes(Buffer.from('Kopilka e2e'))).toBe(true); // EXIF kept in the owner's original

  // Delete the edited one after confirmation: the viewer moves on to the remaining photo.
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить фотографию' });
  await expect(
    confirm.getByText('Удалить фотографию «Закат»? Удалённое хранится в корзине 30 дней, затем удаляется навсегда.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Фотография удалена').first()).toBeVisible();
  // The confirmation is on top until it has closed and handed the focus back to the viewer; Escape before
  // that is the confirmation's own, not the viewer's.
  await expect(confirm).toHaveCount(0);
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect(counter).toHaveText('1 из 1');
  await expect(picture).toHaveAttribute('alt', 'red');

  // Closing returns focus to the tile of the photo last shown.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page).first()).toBeFocused();

  await page.reload();
  await expect(tiles(page)).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'red' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Закат' })).toHaveCount(0);
});

test('photos dropped onto the page are uploaded; search and sort work on the gallery', async ({ page }) => {
  const green = await image('png', { r: 30, g: 180, b: 60 }, 40, 40);
  const yellow = await image('png', { r: 240, g: 220, b: 20 }, 40, 40);
  await registerAndLogin(page);
  await page.goto('/photos');
  await expect(page.getByText('Пока нет фотографий')).toBeVisible();

  // A real drop: a DataTransfer with files, dragged onto the screen.
  const drop = async (files: { name: string; type: string; bytes: number[] }[]) => {
    const data = await page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
      return dt;
    }, files);
    const zone = page.getByTestId('drop-zone');
    await zone.dispatchEvent('dragenter', { dataTransfer: data });
    await expect(page.getByText('Отпустите файлы, чтобы загрузить фотографии')).toBeVisible();
    await zone.dispatchEvent('dragover', { dataTransfer: data });
    await zone.dispatchEvent('drop', { dataTransfer: data });
  };
  await drop([{ name: 'Луг.png', type: 'image/png', bytes: [...green] }]);
  await expect(page.getByText('Фотография загружена')).toBeVisible({ timeout: 30_000 });
  await drop([
    { name: 'Солнце.png', type: 'image/png', bytes: [...yellow] },
    { name: 'заметки.txt', type: 'text/plain', bytes: [...Buffer.from('текст')] },
  ]);
  await expect(page.getByText('Файл «заметки.txt» не является изображением')).toBeVisible();
  await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });

  const alts = () =>
    page
      .getByTestId('media-tiles')
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')));
  await expect.poll(alts).toEqual(['Солнце', 'Луг']); // newest first
  await choose(page, 'Сортировка', 'Сначала старые');
  await expect.poll(alts).toEqual(['Луг', 'Солнце']);
  await choose(page, 'Сортировка', 'Название Я–А');
  await expect.poll(alts).toEqual(['Солнце', 'Луг']);
  expect(await optionsOf(page, 'Сортировка')).toEqual(['Сначала новые', 'Сначала старые', 'Название А–Я', 'Название Я–А']);

  await page.getByLabel('Поиск').fill('луг');
  await expect.poll(alts).toEqual(['Луг']);
  await page.getByLabel('Поиск').fill('нет такого');
  await expect(page.getByText('Ничего не найдено')).toBeVisible();

  // The gallery, the refusal row and the viewer pass axe, also on a narrow phone.
  await page.getByLabel('Поиск').fill('');
  await expect(tiles(page)).toHaveCount(2);
  await expectAccessible(page, 'photo gallery');
  await tiles(page).first().click();
  await expect(viewer(page).getByTestId('viewer-counter')).toHaveText('1 из 2');
  await expectAccessible(page, 'photo viewer');
  await viewer(page).getByRole('button', { name: 'Сведения' }).click();
  await expectAccessible(page, 'photo viewer with its facts');
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);

  // On a phone the viewer is the whole screen too; a swipe down closes it.
  await page.setViewportSize({ width: 390, height: 844 });
  await tiles(page).first().click();
  const stage = viewer(page).getByTestId('viewer-stage');
  await expect(stage).toBeVisible();
  expect(await viewer(page).getByTestId('media-viewer').boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width / 2, box.y + 200 + i * 30);
  await page.mouse.up();
  await expect(viewer(page)).toHaveCount(0);
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(tiles(page).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'no horizontal scrolling at 320 px').toBeLessThanOrEqual(0);
  await expectAccessible(page, 'photo gallery at 320 px');
});

// The failures share one user: the browser tests stay under the server's limit of registrations per address and hour.
test('a failed gallery load offers to retry; an edit is one PATCH, a refusal shows the server’s words, a PATCH refused on the way takes a fallback', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerAndLogin(page);
  let fail = true;
  // The screen reads its timeline (the months, then the newest month's photos): every read of the photos fails.
  await page.route(
    (url) => url.pathname.startsWith('/api/media/photo/'),
    (route) => (fail && route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '{"detail":"x"}' }) : route.fallback()),
  );
  await page.goto('/photos');
  await expect(page.getByText('Ошибка при загрузке фотографий')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByText('Пока нет фотографий')).toBeVisible();

  // The server is in trouble while two files are sent: the tray in the corner says so, folds, and «Повторить»
  // sends each again once it is back.
  let serverDown = true;
  await page.route('**/api/uploads/', (route) =>
    serverDown && route.request().method() === 'POST' ? route.fulfill({ status: 503, body: '{"detail":"x"}' }) : route.fallback(),
  );
  await page.getByLabel('Выбрать фотографии').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: await image('png', { r: 200, g: 100, b: 0 }, 32, 32) },
    { name: 'second.png', mimeType: 'image/png', buffer: await image('png', { r: 0, g: 100, b: 200 }, 32, 32) },
  ]);
  const tray = page.getByRole('region', { name: 'Загрузка фотографий' });
  await expect(tray.getByTestId('upload-summary')).toHaveText('Не загружено: 2', { timeout: 30_000 });
  const trayBox = (await tray.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(viewport.width - (trayBox.x + trayBox.width), 'the tray sits in the bottom right corner').toBeLessThan(40);
  expect(viewport.height - (trayBox.y + trayBox.height)).toBeLessThan(40);
  await tray.getByRole('button', { name: 'Свернуть' }).click();
  await expect(tray.getByTestId('upload-item')).toHaveCount(0);
  await tray.getByRole('button', { name: 'Развернуть' }).click();
  await expect(tray.getByTestId('upload-item')).toHaveCount(2);
  await expectAccessible(page, 'upload tray with failures');
  serverDown = false;
  await tray.getByRole('button', { name: 'Повторить загрузку файла first.png' }).click();
  await tray.getByRole('button', { name: 'Повторить загрузку файла second.png' }).click();
  await expect(tiles(page)).toHaveCount(2, { timeout: 30_000 });
  await page.unrouteAll();

  // An edit is one PATCH.

  const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  const list = (await (await page.request.get('/api/media/photo/', { headers })).json()) as { id: number; title: string }[];
  const first = list.find((p) => p.title === 'first')!;
  const changes: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/media\/photo\/\d+\/$/.test(new URL(r.url()).pathname) && r.method() !== 'GET') changes.push(`${r.method()} ${r.url()}`);
  });

  // Another tab deletes the photo while it is open here; the server's answer to the edit is what people read.
  await page.getByRole('img', { name: 'first' }).click();
  const dialog = viewer(page);
  await expect(dialog.getByTestId('photo-viewer-image')).toHaveAttribute('alt', 'first');
  expect((await page.request.delete(`/api/media/photo/${first.id}/`, { headers })).status()).toBe(204);
  const refusal = await page.request.patch(`/api/media/photo/${first.id}/`, { headers, data: { title: 'x' } });
  const detail = ((await refusal.json()) as { detail: string }).detail;
  expect(detail).toBeTruthy();
  await dialog.getByRole('button', { name: 'Ещё' }).click();
  await page.getByRole('menuitem', { name: 'Изменить' }).click();
  const edit = page.getByRole('dialog', { name: 'Изменить фотографию' });
  await expect(edit.getByLabel('Название')).toHaveValue('first');
  await edit.getByLabel('Название').fill('Новое имя');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  const alert = page.getByTestId('snackbar-error');
  await expect(alert).toHaveText(`Ошибка при обновлении записи: ${detail}`);
  await expect(alert).not.toContainText('попытки');
  expect(changes).toHaveLength(1);
  expect(changes[0]).toMatch(/^PATCH /);
  await page.keyboard.press('Escape');

  // Something in between that refuses PATCH (405): the spec's other ways are tried until one gets through.
  await page.reload();
  await expect(tiles(page)).toHaveCount(1);
  changes.length = 0;
  await page.route('**/api/media/photo/*/', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 405, body: '' }) : route.fallback(),
  );
  await page.getByRole('img', { name: 'second' }).click();
  await viewer(page).getByRole('button', { name: 'Сведения' }).click();
  await viewer(page).getByRole('complementary', { name: 'Сведения' }).getByRole('button', { name: 'Изменить' }).click();
  await page.getByRole('dialog', { name: 'Изменить фотографию' }).getByLabel('Название').fill('Через обход');
  await page.getByRole('dialog', { name: 'Изменить фотографию' }).getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Фотография успешно обновлена').first()).toBeVisible();
  expect(changes.map((c) => c.split(' ')[0])).toEqual(['PATCH', 'PATCH', 'PATCH', 'POST']);
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('img', { name: 'Через обход' })).toBeVisible();
});
