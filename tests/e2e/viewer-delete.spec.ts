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

/** Three photos, /photos open, the newest in the viewer. */
async function viewFirstOfThree(page: Page) {
  await threePhotos(page);
  await page.goto('/photos');
  await page.getByTestId('photo-tile').first().click();
  await expect(viewer(page).getByTestId('viewer-counter')).toHaveText('1 из 3');
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
  await viewFirstOfThree(page);
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

test('Esc in the frame the confirmation starts leaving, the focus still in it, closes the viewer', async ({ page }) => {
  // The CI run's failure of the first test: the test saw the confirmation gone while it was still leaving, and the
  // focus, still on its button for that frame, made the viewer leave Esc to it (a dialog over the viewer keeps
  // its own Esc) — but a leaving dialog takes no keys. Pressed in exactly that frame here (from the page, so no
  // round trip lets it pass), Esc must close the viewer.
  test.setTimeout(90_000);
  await viewFirstOfThree(page);
  await viewer(page).getByRole('button', { name: 'Удалить' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить фотографию' });
  await expect(confirm).toBeVisible();
  // Watched for by a MutationObserver, whose callback runs right after Headless UI marks the panel. The focus is on
  // the confirmation's «Удалить» then, unless a busy machine already moved it on (or the button is still disabled,
  // busy): then it is put on the leaving panel itself, so each run has the focus in the leaving dialog. The keydown
  // is dispatched there, to the focused element.
  const pressed = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          const panel = document.querySelector<HTMLElement>('[role="dialog"] [data-leave]');
          const dialog = panel?.closest('[role="dialog"]');
          if (!panel || !dialog || dialog.querySelector('[data-testid="media-viewer"]')) return;
          observer.disconnect();
          if (!dialog.contains(document.activeElement)) {
            panel.tabIndex = -1;
            panel.focus();
          }
          const focused = document.activeElement!;
          focused.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
          resolve(dialog.contains(focused));
        });
        observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-leave'] });
      }),
  );
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  // Pressed with the focus in the confirmation, as it left.
  expect(await pressed).toBe(true);
  await expect(viewer(page)).toHaveCount(0);
  await expect(page.getByTestId('photo-tile')).toHaveCount(2);
});
