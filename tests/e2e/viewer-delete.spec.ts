import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { registerAndLoginWithAccess } from './support/auth';
import { expectReady } from './support/large-library';
import { uploadPhoto } from './support/photos';

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Просмотр фотографии' });

/** Three photos of the signed-in user, ready; their ids. */
async function threePhotos(page: Page): Promise<{ access: string; ids: number[] }> {
  const { access } = await registerAndLoginWithAccess(page);
  const ids: number[] = [];
  for (const [i, r] of [40, 120, 200].entries()) {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
    const id = await uploadPhoto(page.request, access, `Снимок ${i + 1}`, jpeg);
    await expectReady(page.request, access, 'photo', id);
    ids.push(id);
  }
  return { access, ids };
}

/** «Удалить» in the viewer and its confirmation; returns once the confirmation has left the screen. */
async function deleteShown(page: Page) {
  await viewer(page).getByRole('button', { name: 'Удалить' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить фотографию' });
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(confirm).toHaveCount(0);
}

test('Esc closes the photo viewer right after a delete in it, and the focus comes back to a photo', async ({ page }) => {
  test.setTimeout(90_000);
  await threePhotos(page);
  await page.goto('/photos');
  await page.getByTestId('photo-tile').first().click();
  await expect(viewer(page).getByTestId('viewer-counter')).toHaveText('1 из 3');
  await deleteShown(page);
  // At once, without waiting for the focus to come back from the confirmation.
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('photo-tile');
});

test('Esc closes the viewer of an album after a delete in it too; one over the viewer still keeps its own Esc', async ({ page }) => {
  test.setTimeout(90_000);
  const { access, ids } = await threePhotos(page);
  const auth = { Authorization: `Bearer ${access}` };
  const album = (await (await page.request.post('/api/albums/', { headers: auth, data: { title: 'Поездка' } })).json()) as { id: number };
  const added = await page.request.post(`/api/albums/${album.id}/items/`, {
    headers: auth,
    data: { items: ids.map((id) => ({ kind: 'photo', id })) },
  });
  expect(added.status()).toBe(200);
  await page.goto(`/albums/?id=${album.id}`);
  await page.getByTestId('photo-tile').first().click();
  await expect(viewer(page)).toBeVisible();

  // The «Ещё» menu open over the viewer: Esc closes the menu, not the viewer.
  await viewer(page).getByRole('button', { name: 'Ещё' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(viewer(page)).toBeVisible();

  await deleteShown(page);
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);
});
