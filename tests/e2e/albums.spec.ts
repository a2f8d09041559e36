import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible } from './support/a11y';
import { makeToneMp3, openRow, rowAction, uploadAudio } from './support/audio';
import { apiLogin, registerAndLogin } from './support/auth';
import { uploadPhoto } from './support/photos';

/** A small JPEG of one colour, made here so the test owns its bytes. */
const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

const row = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const snackbar = (page: Page, text: string) => page.getByText(text).first();

/** «В альбом» in a photo's viewer, choosing the album by its title. */
async function addPhotoFromViewer(page: Page, photo: string, album: string) {
  await page.getByRole('img', { name: photo }).click();
  const viewer = page.getByRole('dialog', { name: 'Просмотр фотографии' });
  await viewer.getByRole('button', { name: 'В альбом' }).click();
  const chooser = page.getByRole('dialog', { name: 'В альбом' });
  await chooser.getByRole('button', { name: new RegExp(`^${album}`) }).click();
  await expect(snackbar(page, `Добавлено в альбом «${album}»`)).toBeVisible();
  await expect(chooser).toBeHidden();
  // The focus is back on «В альбом» in the viewer; Escape closes the viewer.
  await expect(viewer.getByRole('button', { name: 'В альбом' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
}

test('an album of two photos and a recording: made from «В альбом», played, viewed, re-covered, one taken out, renamed and deleted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await registerAndLogin(page);
  const { access } = await apiLogin(page.request, user);
  await uploadPhoto(page.request, access, 'Море', await jpeg(20, 90, 200));
  const forest = await uploadPhoto(page.request, access, 'Лес', await jpeg(30, 140, 40));
  await uploadAudio(page.request, access, 'Шум прибоя', makeToneMp3(3));
  const auth = { headers: { Authorization: `Bearer ${access}` } };
  const albums = async () =>
    (await (await page.request.get(`/api/albums/?t=${Date.now()}`, auth)).json()) as Array<{
      id: number;
      title: string;
      item_count: number;
      cover: { kind: string; id: number } | null;
    }>;

  // «Альбомы» is in the navigation; with none yet, the grid says what to do.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Альбомы' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Альбомы' })).toBeVisible();
  await expect(page.getByText('Альбомов пока нет')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Создать альбом' })).toBeVisible();

  // The recording's «⋯» → «В альбом» → «Новый альбом»: created with the recording in one go.
  await page.goto('/audio');
  await expect(row(page, 'Шум прибоя')).toBeVisible();
  await rowAction(page, row(page, 'Шум прибоя'), 'В альбом');
  const chooser = page.getByRole('dialog', { name: 'В альбом' });
  await expect(chooser.getByText('Альбомов пока нет: создайте первый.')).toBeVisible();
  await chooser.getByRole('button', { name: 'Новый альбом' }).click();
  const creating = page.getByRole('dialog', { name: 'Новый альбом' });
  // A title is required, in the spec's words.
  await creating.getByRole('button', { name: 'Создать и добавить' }).click();
  await expect(creating.getByText('Название обязательно')).toBeVisible();
  await creating.getByLabel('Название').fill('Поездка на море');
  await creating.getByLabel('Описание').fill('Июль, Анапа');
  await creating.getByRole('button', { name: 'Создать и добавить' }).click();
  await expect(snackbar(page, 'Добавлено в альбом «Поездка на море»')).toBeVisible();
  await expect(creating).toBeHidden();
  await expect.poll(async () => (await albums()).map((a) => [a.title, a.item_count])).toEqual([['Поездка на море', 1]]);

  // Both photos from their viewer.
  await page.goto('/photos');
  await addPhotoFromViewer(page, 'Море', 'Поездка на море');
  await addPhotoFromViewer(page, 'Лес', 'Поездка на море');

  // Opened from «Альбомы»: the card shows its count; the page its items in the album's order.
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Альбомы' }).click();
  const card = page.getByTestId('album-card').filter({ hasText: 'Поездка на море' });
  await expect(card.getByTestId('album-count')).toHaveText('3\u00a0элемента');
  await card.click();
  await expect(page).toHaveURL(/\/albums\/?\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Поездка на море' })).toBeVisible();
  await expect(page.getByTestId('album-description')).toHaveText('Июль, Анапа');
  const items = page.getByTestId('album-items');
  await expect(items.getByTestId('audio-item')).toHaveCount(1);
  await expect(items.getByTestId('photo-tile')).toHaveCount(2);

  // The recording plays in its own row's player.
  const recording = row(page, 'Шум прибоя');
  await openRow(recording);
  await recording.getByRole('button', { name: 'Воспроизвести: Шум прибоя' }).click();
  const audio = recording.getByTestId('waveform').locator('audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.2);
  await recording.getByRole('button', { name: 'Пауза: Шум прибоя' }).click();

  // A photo opens in the viewer; «Сделать обложкой» makes it the album's cover.
  await items.getByRole('img', { name: 'Море' }).click();
  const viewer = page.getByRole('dialog', { name: 'Просмотр фотографии' });
  await expect(viewer.getByTestId('photo-viewer-image')).toBeVisible();
  await expect(viewer.getByTestId('viewer-counter')).toHaveText('1 из 2');
  // The first photo added is the cover until another is chosen: its «Сделать обложкой» has nothing to do.
  const more = viewer.getByRole('button', { name: 'Ещё' });
  const makeCover = page.getByRole('menuitem', { name: 'Сделать обложкой' });
  await more.click();
  await expect(makeCover).toBeDisabled();
  // Esc is the menu's once it holds the focus (pressed before, under load, it reached nothing).
  await expect(page.getByRole('menu')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(makeCover).toBeHidden();
  await expect(viewer).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByTestId('viewer-counter')).toHaveText('2 из 2');
  await more.click();
  await makeCover.click();
  await expect(snackbar(page, 'Обложка альбома изменена')).toBeVisible();
  await more.click();
  await expect(makeCover).toBeDisabled();
  // Esc is the menu's once it holds the focus (pressed before, under load, it reached nothing).
  await expect(page.getByRole('menu')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(makeCover).toBeHidden();
  expect((await albums())[0]!.cover).toMatchObject({ kind: 'photo', id: forest });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // «Убрать из альбома» from the tile's «⋯»: it leaves the album (not the vault).
  await items.getByRole('button', { name: 'Действия: Море' }).click();
  await page.getByRole('menuitem', { name: 'Убрать из альбома' }).click();
  await expect(snackbar(page, 'Убрано из альбома')).toBeVisible();
  await expect(items.getByTestId('photo-tile')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByTestId('album-count')).toHaveText('2\u00a0элемента');

  // Rename and describe through the dialog; the focus comes back to «Изменить».
  const edit = page.getByRole('button', { name: 'Изменить', exact: true });
  await edit.click();
  const editing = page.getByRole('dialog', { name: 'Изменить альбом' });
  await expect(editing.getByLabel('Название')).toHaveValue('Поездка на море');
  await editing.getByLabel('Название').fill('Анапа, 2025');
  await editing.getByLabel('Описание').fill('Море и прибой');
  await editing.getByRole('button', { name: 'Сохранить' }).click();
  await expect(editing).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Анапа, 2025' })).toBeVisible();
  await expect(page.getByTestId('album-description')).toHaveText('Море и прибой');
  await expect(edit).toBeFocused();

  // «Поделиться» is the share dialog with the album as its target.
  await page.getByRole('button', { name: 'Поделиться' }).click();
  const share = page.getByRole('dialog', { name: 'Поделиться' });
  await expect(share.getByText('«Анапа, 2025»')).toBeVisible();
  await share.getByRole('button', { name: 'Отмена' }).click();
  await expect(share).toBeHidden();

  // «Удалить альбом» says the files stay; after it, the grid is empty and the media are all still in their lists.
  await page.getByRole('button', { name: 'Действия с альбомом: Анапа, 2025' }).click();
  await page.getByRole('menuitem', { name: 'Удалить альбом' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить альбом?' });
  await expect(confirm).toContainText('останутся в Копилке');
  await confirm.getByRole('button', { name: 'Удалить альбом' }).click();
  await expect(snackbar(page, 'Альбом удалён. Его файлы остались в Копилке.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Альбомы' })).toBeVisible();
  await expect(page.getByText('Альбомов пока нет')).toBeVisible();
  expect(await albums()).toEqual([]);
  await page.goto('/photos');
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  await page.goto('/audio');
  await expect(row(page, 'Шум прибоя')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the albums grid, an album's page and «В альбом» pass axe, ${theme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const user = await registerAndLogin(page);
    const { access } = await apiLogin(page.request, user);
    const photo = await uploadPhoto(page.request, access, 'Небо', await jpeg(40, 120, 200));
    const auth = { headers: { Authorization: `Bearer ${access}` } };
    const made = await page.request.post('/api/albums/', { ...auth, data: { title: 'Лето' } });
    const { id } = (await made.json()) as { id: number };
    await page.request.post(`/api/albums/${id}/items/`, { ...auth, data: { items: [{ kind: 'photo', id: photo }] } });

    await page.goto('/albums');
    await expect(page.getByTestId('album-card')).toHaveCount(1);
    await expectAccessible(page, `albums grid (${theme})`);
    await page.getByTestId('album-card').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Лето' })).toBeVisible();
    await expect(page.getByTestId('photo-tile')).toHaveCount(1);
    await expectAccessible(page, `album page (${theme})`);
    await page.getByRole('button', { name: 'Действия: Небо' }).click();
    await expect(page.getByRole('menuitem', { name: 'Сделать обложкой' })).toBeVisible();
    await page.keyboard.press('Escape');
  });
}
