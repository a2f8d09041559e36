import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { registerAndLoginWithAccess } from './support/auth';
import { realisticPhotos } from './support/photo-library';
import { uploadPhoto } from './support/photos';
import { monoWav, sineSamples } from './support/wav';

/**
 * The trash shows what it holds so a deleted photo can be recognised: its thumbnail (a recording, its kind's icon),
 * how many days it has left, in a dense list.
 */
test('a deleted photo is recognised in «Корзина» by its thumbnail, with the days it has left', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { access } = await registerAndLoginWithAccess(page);
  const headers = { Authorization: `Bearer ${access}` };
  const [photo] = await realisticPhotos();
  const photoId = await uploadPhoto(page.request, access, 'Кот на подоконнике', photo!.jpeg);
  const song = await page.request.post('/api/media/audio/', {
    headers,
    multipart: {
      title: 'Голосовая заметка',
      audio_file: { name: 'a.wav', mimeType: 'audio/wav', buffer: monoWav(8000, sineSamples(8000, 1, 440, 8000)) },
    },
  });
  const songId = ((await song.json()) as { id: number }).id;
  await expect
    .poll(async () => ((await (await page.request.get('/api/media/photo/', { headers })).json()) as { status: string }[])[0]?.status, {
      timeout: 60_000,
    })
    .toBe('ready');
  for (const [kind, id] of [
    ['photo', photoId],
    ['audio', songId],
  ] as const)
    expect((await page.request.delete(`/api/media/${kind}/${id}/`, { headers })).status()).toBe(204);

  // «Как в системе», so the emulated scheme switches the theme in place below.
  await page.addInitScript(() => localStorage.setItem('theme', 'system'));
  await page.goto('/trash');
  const items = page.getByTestId('trash-item');
  await expect(items).toHaveCount(2);
  const deletedPhoto = items.filter({ hasText: 'Кот на подоконнике' });
  const thumb = deletedPhoto.getByTestId('trash-thumb').locator('img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(deletedPhoto.getByTestId('trash-purge-at')).toContainText('Осталось 30 дней');
  // A recording has no picture: its kind's icon stands in.
  const deletedSong = items.filter({ hasText: 'Голосовая заметка' });
  await expect(deletedSong.getByTestId('trash-thumb').locator('img')).toHaveCount(0);
  await expect(deletedSong.getByTestId('trash-thumb').locator('svg')).toBeVisible();
  // A dense list: each entry no taller than a thumbnail and its three lines.
  for (const box of await items.evaluateAll((all) => all.map((i) => i.getBoundingClientRect().height)))
    expect(box).toBeLessThanOrEqual(100);
  // Both themes: the chip, the icon's well and the buttons pass axe.
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await expectAccessible(page, `trash with thumbnails (${theme})`);
  }

  // Restored, it is back with its usual URLs; the trash's no longer serve it.
  const trashUrl = (await thumb.getAttribute('src'))!;
  await deletedPhoto.getByRole('button', { name: 'Восстановить: Кот на подоконнике' }).click();
  await expect(items).toHaveCount(1);
  expect((await page.request.get(trashUrl)).status()).toBe(404);
});
